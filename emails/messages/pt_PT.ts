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
  staff_reset_password: {
    subject: "Redefina a sua palavra-passe do back office {tradingName}",
    preview: "Escolha uma nova palavra-passe para o back office {tradingName}.",
    heading: "Redefina a sua palavra-passe do back office",
    intro:
      "Foi pedida a redefinição da sua palavra-passe do back office {tradingName}: escolha uma nova através do link abaixo. As suas outras sessões serão terminadas.",
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
  change_email: {
    subject: "Confirme o seu novo endereço de e-mail para {tradingName}",
    preview: "Confirme este endereço para que passe a ser o da sua conta {tradingName}.",
    heading: "Confirme o seu novo endereço de e-mail",
    intro:
      "Pediu para usar este endereço na sua conta {tradingName}. Confirme-o para concluir a alteração: até lá, a sua conta mantém o endereço atual.",
    action: "Confirmar o novo endereço",
    ignore: "Se não fez este pedido, ignore este e-mail: a sua conta mantém o endereço atual.",
  },
  email_change_notice: {
    subject: "Foi pedida a alteração do endereço de e-mail da sua conta {tradingName}",
    preview: "Alguém pediu para alterar o endereço de e-mail da sua conta {tradingName}.",
    heading: "O seu endereço de e-mail vai ser alterado",
    what: "Alguém com sessão iniciada na sua conta {tradingName} pediu para usar outro endereço de e-mail. A alteração só terá efeito depois de ser confirmada a partir do novo endereço: até lá, a sua conta mantém este.",
    ifNotYou:
      "Se fez este pedido, não precisa de fazer mais nada. Se não o fez, altere de imediato a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  new_device: {
    subject: "Novo início de sessão na sua conta {tradingName}",
    preview: "Foi iniciada sessão na sua conta {tradingName} a partir de um novo dispositivo.",
    heading: "Novo início de sessão na sua conta",
    what: "Acabou de ser iniciada sessão na sua conta {tradingName} a partir de um dispositivo que nunca tinha sido usado com ela.",
    when: "Quando: {when}",
    app: "Aplicação: {app}",
    device: "Dispositivo: {userAgent}",
    ip: "Endereço IP: {ip}",
    ifNotYou:
      "Se foi o próprio, não precisa de fazer mais nada. Se não foi, altere de imediato a sua palavra-passe na aplicação {tradingName}, termine as suas outras sessões e contacte o apoio ao cliente.",
  },
  mfa_enabled: {
    subject: "A autenticação de dois fatores está ativada na sua conta {tradingName}",
    preview: "A sua conta {tradingName} passa a pedir um código da sua aplicação de autenticação.",
    heading: "A autenticação de dois fatores está ativada",
    what: "A autenticação de dois fatores foi ativada na sua conta {tradingName} ({when}): ao iniciar sessão, é pedido também um código da sua aplicação de autenticação ou um dos seus códigos de recuperação.",
    ifNotYou:
      "Se foi o próprio, guarde os seus códigos de recuperação num local seguro. Caso contrário, contacte de imediato o apoio ao cliente de {tradingName}.",
  },
  mfa_disabled: {
    subject: "A autenticação de dois fatores está desativada na sua conta {tradingName}",
    preview: "A sua conta {tradingName} já não pede um código ao iniciar sessão.",
    heading: "A autenticação de dois fatores está desativada",
    what: "A autenticação de dois fatores foi desativada na sua conta {tradingName} ({when}): ao iniciar sessão é pedida apenas a sua palavra-passe, e os seus códigos de recuperação deixam de funcionar.",
    ifNotYou:
      "Se foi o próprio, ou o nosso apoio a seu pedido, não tem de fazer nada. Caso contrário, altere de imediato a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  recovery_code_used: {
    subject: "Foi usado um código de recuperação na sua conta {tradingName}",
    preview: "Um dos seus códigos de recuperação {tradingName} acabou de ser usado e não pode voltar a ser usado.",
    heading: "Foi usado um código de recuperação",
    what: "Um dos seus códigos de recuperação foi usado na sua conta {tradingName} ({when}). Cada código funciona uma vez: desative e volte a ativar a autenticação de dois fatores na aplicação para obter novos códigos.",
    ifNotYou:
      "Se não foi o próprio, altere de imediato a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  passkey_added: {
    subject: "Foi adicionada uma chave de acesso à sua conta {tradingName}",
    preview: "Já pode iniciar sessão na {tradingName} com uma nova chave de acesso.",
    heading: "Foi adicionada uma chave de acesso",
    what: "Foi adicionada uma chave de acesso chamada «{name}» à sua conta {tradingName} ({when}): com ela é possível iniciar sessão sem a sua palavra-passe.",
    ifNotYou:
      "Se foi o próprio, não há mais nada a fazer. Se não, remova a chave de acesso na aplicação {tradingName}, altere de imediato a sua palavra-passe e contacte o apoio ao cliente.",
  },
  passkey_removed: {
    subject: "Foi removida uma chave de acesso da sua conta {tradingName}",
    preview: "Uma chave de acesso já não pode iniciar sessão na sua conta {tradingName}.",
    heading: "Foi removida uma chave de acesso",
    what: "A chave de acesso chamada «{name}» foi removida da sua conta {tradingName} ({when}): já não permite iniciar sessão.",
    ifNotYou:
      "Se foi o próprio ou o nosso apoio ao cliente a seu pedido, não há mais nada a fazer. Se não, altere de imediato a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  passkey_cloned: {
    subject: "Pode existir uma cópia da sua chave de acesso {tradingName}",
    preview: "Um início de sessão com a sua chave de acesso foi recusado: parecia uma cópia.",
    heading: "Recusado um início de sessão com uma chave copiada",
    what: "Um início de sessão na sua conta {tradingName} com a chave de acesso chamada «{name}» foi recusado ({when}): o seu contador recuou, o que acontece quando é usada uma cópia.",
    ifNotYou:
      "Remova esta chave de acesso na aplicação {tradingName}, adicione uma nova, altere a sua palavra-passe e contacte o apoio ao cliente.",
  },
  sca_locked: {
    subject: "As aprovações de pagamentos da sua conta {tradingName} estão suspensas",
    preview: "Falharam cinco aprovações de pagamento seguidas: aprovar pagamentos fica suspenso durante algum tempo.",
    heading: "Aprovações de pagamento suspensas",
    what: "Falharam cinco tentativas seguidas de aprovar um pagamento na sua conta {tradingName} ({when}): aprovar pagamentos fica suspenso até {until}. O início de sessão não é afetado.",
    ifNotYou:
      "Se não foi o próprio, altere a sua palavra-passe na aplicação {tradingName} e contacte o apoio ao cliente.",
  },
  payment_authorisation: {
    display: "Pagar {amount} a {payee}, IBAN terminado em {last4}",
  },
  kyc_verified: {
    subject: "O seu perfil {tradingName} está verificado",
    preview: "Verificámos os seus dados: o seu perfil {tradingName} está verificado.",
    heading: "O seu perfil está verificado",
    what: "Analisámos os dados do seu perfil {tradingName} e verificámo-los. Não precisa de fazer mais nada.",
    ifChanged:
      "Se mais tarde alterar o seu nome, a sua data de nascimento ou a sua nacionalidade, voltaremos a analisar o seu perfil.",
  },
  kyc_rejected: {
    subject: "Não foi possível verificar o seu perfil {tradingName}",
    preview: "Não foi possível verificar os dados do seu perfil {tradingName}.",
    heading: "Não foi possível verificar o seu perfil",
    what: "Analisámos os dados do seu perfil {tradingName} e não foi possível verificá-los.",
    next: "Confirme os seus dados na aplicação {tradingName} ou contacte o apoio ao cliente para saber como proceder.",
  },
};
