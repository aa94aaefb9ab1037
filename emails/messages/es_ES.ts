/** The e-mails' words in Spanish (Spain) (see en_GB.ts for how a catalogue works). */
import type { Messages } from "./en_GB";

export const esES: Messages = {
  frame: {
    footer:
      "¿Tienes alguna pregunta? Ponte en contacto con el servicio de atención al cliente de {tradingName} en {supportEmail} o en el {supportNumber}.",
  },
  link: {
    copy: "O copia este enlace en tu navegador:",
    validity: "Este enlace es válido durante {validFor} y solo se puede usar una vez.",
  },
  verify_email: {
    subject: "Verifica tu dirección de correo electrónico en {tradingName}",
    preview: "Confirma tu dirección de correo electrónico para terminar de configurar tu cuenta de {tradingName}.",
    heading: "Verifica tu dirección de correo electrónico",
    intro:
      "Confirma que esta es tu dirección de correo electrónico para terminar de configurar tu cuenta de {tradingName}.",
    action: "Verificar dirección de correo",
    ignore: "Si no lo has solicitado tú, ignora este correo: no se cambiará nada.",
  },
  reset_password: {
    subject: "Restablece tu contraseña de {tradingName}",
    preview: "Elige una nueva contraseña para tu cuenta de {tradingName}.",
    heading: "Restablece tu contraseña",
    intro:
      "Alguien ha solicitado restablecer la contraseña de tu cuenta de {tradingName}: elige una nueva con el enlace de abajo.",
    action: "Elegir una nueva contraseña",
    ignore: "Si no lo has solicitado tú, ignora este correo: tu contraseña seguirá siendo la misma.",
  },
  password_changed: {
    subject: "Se ha cambiado tu contraseña de {tradingName}",
    preview: "Se acaba de cambiar la contraseña de tu cuenta de {tradingName}.",
    heading: "Se ha cambiado tu contraseña",
    what: "Se acaba de cambiar la contraseña de tu cuenta de {tradingName} ({when}) y se ha cerrado la sesión en todos los demás dispositivos conectados a ella.",
    ifNotYou:
      "Si has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña en la aplicación de {tradingName} de inmediato y ponte en contacto con el servicio de atención al cliente.",
  },
  account_closed: {
    subject: "Se ha cerrado tu cuenta de {tradingName}",
    preview: "Tu cuenta de {tradingName} se ha cerrado y ya no se puede usar.",
    heading: "Se ha cerrado tu cuenta",
    what: "Tu cuenta de {tradingName} asociada a esta dirección de correo se cerró el {when} y se ha cerrado la sesión en todos los dispositivos conectados a ella. Ya no se puede usar para iniciar sesión.",
    again: "Puedes abrir una cuenta nueva con esta dirección cuando quieras.",
    ifNotYou:
      "Si no has sido tú quien la ha cerrado, ponte en contacto de inmediato con el servicio de atención al cliente de {tradingName}.",
  },
};
