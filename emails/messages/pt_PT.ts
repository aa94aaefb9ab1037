/** The e-mails' words in Portuguese (Portugal) (see en_GB.ts for how a catalogue works). */
import type { Messages } from "./en_GB";

export const ptPT: Messages = {
  frame: {
    footer:
      "Tem dúvidas? Contacte o apoio ao cliente de {tradingName} através de {supportEmail} ou do número {supportNumber}.",
  },
  link: {
    copy: "Ou copie este link para o seu navegador:",
    validity: "Este link é válido durante {validFor} e só pode ser utilizado uma vez.",
  },
  verify_email: {
    subject: "Confirme o seu endereço de e-mail para {tradingName}",
    preview: "Confirme o seu endereço de e-mail para concluir a configuração da sua conta {tradingName}.",
    heading: "Confirme o seu endereço de e-mail",
    intro: "Confirme que este é o seu endereço de e-mail para concluir a configuração da sua conta {tradingName}.",
    action: "Confirmar endereço de e-mail",
    ignore: "Se não fez este pedido, ignore este e-mail: nada será alterado.",
  },
  reset_password: {
    subject: "Redefina a palavra-passe da sua conta {tradingName}",
    preview: "Escolha uma nova palavra-passe para a sua conta {tradingName}.",
    heading: "Redefina a sua palavra-passe",
    intro:
      "Foi pedida a redefinição da palavra-passe da sua conta {tradingName}: escolha uma nova através do link abaixo.",
    action: "Escolher uma nova palavra-passe",
    ignore: "Se não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se.",
  },
  password_changed: {
    subject: "A palavra-passe da sua conta {tradingName} foi alterada",
    preview: "A palavra-passe da sua conta {tradingName} acabou de ser alterada.",
    heading: "A sua palavra-passe foi alterada",
    what: "A palavra-passe da sua conta {tradingName} acabou de ser alterada ({when}) e a sessão foi terminada em todos os outros dispositivos ligados a ela.",
    ifNotYou:
      "Se fez esta alteração, não precisa de fazer mais nada. Se não a fez, redefina de imediato a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  account_closed: {
    subject: "A sua conta {tradingName} foi encerrada",
    preview: "A sua conta {tradingName} foi encerrada e já não pode ser utilizada.",
    heading: "A sua conta foi encerrada",
    what: "A sua conta {tradingName} associada a este endereço de e-mail foi encerrada a {when} e a sessão foi terminada em todos os dispositivos ligados a ela. Já não é possível iniciar sessão com esta conta.",
    again: "Pode abrir uma nova conta com este endereço a qualquer momento.",
    ifNotYou: "Se não pediu o encerramento da conta, contacte de imediato o apoio ao cliente de {tradingName}.",
  },
};
