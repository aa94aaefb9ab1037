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
  staff_reset_password: {
    subject: "Restablece tu contraseña del back office de {tradingName}",
    preview: "Elige una nueva contraseña para el back office de {tradingName}.",
    heading: "Restablece tu contraseña del back office",
    intro:
      "Alguien ha solicitado restablecer tu contraseña del back office de {tradingName}: elige una nueva con el enlace de abajo. Al hacerlo, se cerrarán tus demás sesiones.",
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
  change_email: {
    subject: "Confirma tu nueva dirección de correo electrónico para {tradingName}",
    preview: "Confirma esta dirección para que sea la de tu cuenta de {tradingName}.",
    heading: "Confirma tu nueva dirección de correo electrónico",
    intro:
      "Has pedido usar esta dirección para tu cuenta de {tradingName}. Confírmala para completar el cambio: hasta entonces, tu cuenta conserva su dirección actual.",
    action: "Confirmar la nueva dirección",
    ignore: "Si no lo has pedido tú, ignora este correo: tu cuenta conserva su dirección actual.",
  },
  email_change_notice: {
    subject: "Se ha pedido cambiar la dirección de correo electrónico de tu cuenta de {tradingName}",
    preview: "Alguien ha pedido cambiar la dirección de correo electrónico de tu cuenta de {tradingName}.",
    heading: "Tu dirección de correo electrónico está a punto de cambiar",
    what: "Alguien que ha iniciado sesión en tu cuenta de {tradingName} ha pedido usar otra dirección de correo electrónico. El cambio solo se hará efectivo cuando se confirme desde la nueva dirección: hasta entonces, tu cuenta conserva esta.",
    ifNotYou:
      "Si has sido tú, no tienes que hacer nada más. Si no, cambia tu contraseña en la aplicación de {tradingName} de inmediato y ponte en contacto con el servicio de atención al cliente.",
  },
  new_device: {
    subject: "Nuevo inicio de sesión en tu cuenta de {tradingName}",
    preview: "Se acaba de iniciar sesión en tu cuenta de {tradingName} desde un dispositivo nuevo.",
    heading: "Nuevo inicio de sesión en tu cuenta",
    what: "Se acaba de iniciar sesión en tu cuenta de {tradingName} desde un dispositivo que nunca se había usado con ella.",
    when: "Cuándo: {when}",
    app: "Aplicación: {app}",
    device: "Dispositivo: {userAgent}",
    ip: "Dirección IP: {ip}",
    ifNotYou:
      "Si has sido tú, no tienes que hacer nada más. Si no, cambia tu contraseña en la aplicación de {tradingName} de inmediato, cierra tus otras sesiones y ponte en contacto con el servicio de atención al cliente.",
  },
  mfa_enabled: {
    subject: "La verificación en dos pasos está activada en tu cuenta de {tradingName}",
    preview: "Tu cuenta de {tradingName} ahora pide un código de tu aplicación de autenticación.",
    heading: "La verificación en dos pasos está activada",
    what: "Se ha activado la verificación en dos pasos en tu cuenta de {tradingName} ({when}): al iniciar sesión se pedirá también un código de tu aplicación de autenticación o uno de tus códigos de recuperación.",
    ifNotYou:
      "Si has sido tú, guarda tus códigos de recuperación en un lugar seguro. Si no, ponte en contacto de inmediato con el servicio de atención al cliente de {tradingName}.",
  },
  mfa_disabled: {
    subject: "La verificación en dos pasos está desactivada en tu cuenta de {tradingName}",
    preview: "Tu cuenta de {tradingName} ya no pide un código al iniciar sesión.",
    heading: "La verificación en dos pasos está desactivada",
    what: "Se ha desactivado la verificación en dos pasos en tu cuenta de {tradingName} ({when}): al iniciar sesión solo se pedirá tu contraseña, y tus códigos de recuperación ya no sirven.",
    ifNotYou:
      "Si has sido tú, o nuestro servicio de atención al cliente a petición tuya, no tienes que hacer nada. Si no, cambia tu contraseña en la aplicación de {tradingName} de inmediato y ponte en contacto con atención al cliente.",
  },
  recovery_code_used: {
    subject: "Se ha usado un código de recuperación en tu cuenta de {tradingName}",
    preview: "Se acaba de usar uno de tus códigos de recuperación de {tradingName}, que ya no se puede volver a usar.",
    heading: "Se ha usado un código de recuperación",
    what: "Se ha usado uno de tus códigos de recuperación en tu cuenta de {tradingName} ({when}). Cada código sirve una sola vez: desactiva y vuelve a activar la verificación en dos pasos en la aplicación para obtener otros nuevos.",
    ifNotYou:
      "Si no has sido tú, cambia tu contraseña en la aplicación de {tradingName} de inmediato y ponte en contacto con atención al cliente.",
  },
  passkey_added: {
    subject: "Se ha añadido una llave de acceso a tu cuenta de {tradingName}",
    preview: "Ya puedes iniciar sesión en {tradingName} con una nueva llave de acceso.",
    heading: "Se ha añadido una llave de acceso",
    what: "Se ha añadido una llave de acceso llamada «{name}» a tu cuenta de {tradingName} ({when}): con ella se puede iniciar sesión sin tu contraseña.",
    ifNotYou:
      "Si has sido tú, no tienes que hacer nada más. Si no, elimina la llave de acceso en la aplicación de {tradingName}, cambia tu contraseña de inmediato y ponte en contacto con atención al cliente.",
  },
  passkey_removed: {
    subject: "Se ha eliminado una llave de acceso de tu cuenta de {tradingName}",
    preview: "Una llave de acceso ya no puede iniciar sesión en tu cuenta de {tradingName}.",
    heading: "Se ha eliminado una llave de acceso",
    what: "Se ha eliminado la llave de acceso llamada «{name}» de tu cuenta de {tradingName} ({when}): ya no puede iniciar sesión.",
    ifNotYou:
      "Si has sido tú o nuestro equipo de atención al cliente a petición tuya, no tienes que hacer nada más. Si no, cambia tu contraseña en la aplicación de {tradingName} de inmediato y ponte en contacto con atención al cliente.",
  },
  passkey_cloned: {
    subject: "Puede existir una copia de tu llave de acceso de {tradingName}",
    preview: "Se ha rechazado un inicio de sesión con tu llave de acceso: parecía una copia.",
    heading: "Rechazado un inicio de sesión con una llave copiada",
    what: "Se ha rechazado un inicio de sesión en tu cuenta de {tradingName} con la llave de acceso llamada «{name}» ({when}): su contador retrocedió, lo que ocurre cuando se usa una copia.",
    ifNotYou:
      "Elimina esta llave de acceso en la aplicación de {tradingName}, añade una nueva, cambia tu contraseña y ponte en contacto con atención al cliente.",
  },
  sca_locked: {
    subject: "Las aprobaciones de pagos de tu cuenta de {tradingName} están en pausa",
    preview: "Fallaron cinco aprobaciones de pago seguidas: aprobar pagos queda en pausa un tiempo.",
    heading: "Aprobaciones de pago en pausa",
    what: "Fallaron cinco intentos seguidos de aprobar un pago en tu cuenta de {tradingName} ({when}): aprobar pagos queda en pausa hasta el {until}. El inicio de sesión no se ve afectado.",
    ifNotYou:
      "Si no has sido tú, cambia tu contraseña en la aplicación de {tradingName} y ponte en contacto con atención al cliente.",
  },
  payment_authorisation: {
    display: "Pagar {amount} a {payee}, IBAN terminado en {last4}",
  },
  kyc_verified: {
    subject: "Tu perfil de {tradingName} está verificado",
    preview: "Hemos comprobado tus datos: tu perfil de {tradingName} está verificado.",
    heading: "Tu perfil está verificado",
    what: "Hemos revisado los datos de tu perfil de {tradingName} y los hemos verificado. No tienes que hacer nada más.",
    ifChanged:
      "Si más adelante cambias tu nombre, tu fecha de nacimiento o tu nacionalidad, volveremos a revisar tu perfil.",
  },
  kyc_rejected: {
    subject: "No hemos podido verificar tu perfil de {tradingName}",
    preview: "No hemos podido verificar los datos de tu perfil de {tradingName}.",
    heading: "No hemos podido verificar tu perfil",
    what: "Hemos revisado los datos de tu perfil de {tradingName} y no hemos podido verificarlos.",
    next: "Comprueba tus datos en la aplicación de {tradingName} o ponte en contacto con el servicio de atención al cliente para saber qué hacer.",
  },
};
