/** The e-mails' words in French (France) (see en_GB.ts for how a catalogue works). */
import type { Messages } from "./en_GB";

// French puts a non-breaking space (\u00a0) before « ? » and « : ».
export const frFR: Messages = {
  frame: {
    footer:
      "Des questions\u00a0? Contactez le service client de {tradingName} à l'adresse {supportEmail} ou au {supportNumber}.",
  },
  link: {
    copy: "Vous pouvez aussi copier ce lien dans votre navigateur\u00a0:",
    validity: "Ce lien est valable {validFor} et ne peut servir qu'une seule fois.",
  },
  verify_email: {
    subject: "Confirmez votre adresse e-mail pour {tradingName}",
    preview: "Confirmez votre adresse e-mail pour finaliser la création de votre compte {tradingName}.",
    heading: "Confirmez votre adresse e-mail",
    intro:
      "Confirmez qu'il s'agit bien de votre adresse e-mail pour finaliser la création de votre compte {tradingName}.",
    action: "Confirmer mon adresse e-mail",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: rien ne sera modifié.",
  },
  reset_password: {
    subject: "Réinitialisez votre mot de passe {tradingName}",
    preview: "Choisissez un nouveau mot de passe pour votre compte {tradingName}.",
    heading: "Réinitialisez votre mot de passe",
    intro:
      "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte {tradingName}\u00a0: choisissez-en un nouveau grâce au lien ci-dessous.",
    action: "Choisir un nouveau mot de passe",
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.",
  },
  staff_reset_password: {
    subject: "Réinitialisez votre mot de passe du back-office {tradingName}",
    preview: "Choisissez un nouveau mot de passe pour le back-office {tradingName}.",
    heading: "Réinitialisez votre mot de passe du back-office",
    intro:
      "Quelqu'un a demandé à réinitialiser votre mot de passe du back-office {tradingName}\u00a0: choisissez-en un nouveau grâce au lien ci-dessous. Vos autres sessions seront alors fermées.",
    action: "Choisir un nouveau mot de passe",
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste le même.",
  },
  password_changed: {
    subject: "Le mot de passe de votre compte {tradingName} a été modifié",
    preview: "Le mot de passe de votre compte {tradingName} vient d'être modifié.",
    heading: "Votre mot de passe a été modifié",
    what: "Le mot de passe de votre compte {tradingName} vient d'être modifié ({when}) et tous les autres appareils connectés à ce compte ont été déconnectés.",
    ifNotYou:
      "Si c'est bien vous, vous n'avez rien d'autre à faire. Sinon, réinitialisez immédiatement votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  account_closed: {
    subject: "Votre compte {tradingName} a été clôturé",
    preview: "Votre compte {tradingName} a été clôturé et ne peut plus être utilisé.",
    heading: "Votre compte a été clôturé",
    what: "Votre compte {tradingName} associé à cette adresse e-mail a été clôturé le {when} et tous les appareils qui y étaient connectés ont été déconnectés. Il ne permet plus de se connecter.",
    again: "Vous pouvez ouvrir un nouveau compte avec cette adresse à tout moment.",
    ifNotYou:
      "Si vous n'êtes pas à l'origine de cette clôture, contactez immédiatement le service client de {tradingName}.",
  },
  change_email: {
    subject: "Confirmez votre nouvelle adresse e-mail pour {tradingName}",
    preview: "Confirmez cette adresse pour en faire celle de votre compte {tradingName}.",
    heading: "Confirmez votre nouvelle adresse e-mail",
    intro:
      "Vous avez demandé à utiliser cette adresse pour votre compte {tradingName}. Confirmez-la pour effectuer le changement\u00a0: d'ici là, votre compte conserve son adresse actuelle.",
    action: "Confirmer la nouvelle adresse",
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre compte conserve son adresse actuelle.",
  },
  email_change_notice: {
    subject: "Demande de changement de l'adresse e-mail de votre compte {tradingName}",
    preview: "Quelqu'un a demandé à changer l'adresse e-mail de votre compte {tradingName}.",
    heading: "Votre adresse e-mail est sur le point de changer",
    what: "Une personne connectée à votre compte {tradingName} a demandé à utiliser une autre adresse e-mail. Le changement ne prendra effet qu'une fois confirmé depuis la nouvelle adresse\u00a0: d'ici là, votre compte conserve celle-ci.",
    ifNotYou:
      "Si c'est bien vous, vous n'avez rien d'autre à faire. Sinon, changez immédiatement votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  new_device: {
    subject: "Nouvelle connexion à votre compte {tradingName}",
    preview: "Quelqu'un vient de se connecter à votre compte {tradingName} depuis un nouvel appareil.",
    heading: "Nouvelle connexion à votre compte",
    what: "Quelqu'un vient de se connecter à votre compte {tradingName} depuis un appareil qui n'avait encore jamais été utilisé avec ce compte.",
    when: "Date\u00a0: {when}",
    app: "Application\u00a0: {app}",
    device: "Appareil\u00a0: {userAgent}",
    ip: "Adresse IP\u00a0: {ip}",
    ifNotYou:
      "Si c'est bien vous, vous n'avez rien d'autre à faire. Sinon, changez immédiatement votre mot de passe dans l'application {tradingName}, déconnectez vos autres sessions et contactez le service client.",
  },
  mfa_enabled: {
    subject: "La double authentification est activée sur votre compte {tradingName}",
    preview: "Votre compte {tradingName} demande désormais un code de votre application d'authentification.",
    heading: "La double authentification est activée",
    what: "La double authentification a été activée sur votre compte {tradingName} ({when}) : la connexion demande désormais aussi un code de votre application d'authentification, ou l'un de vos codes de secours.",
    ifNotYou:
      "Si c'est bien vous, conservez vos codes de secours en lieu sûr. Sinon, contactez immédiatement le service client de {tradingName}.",
  },
  mfa_disabled: {
    subject: "La double authentification est désactivée sur votre compte {tradingName}",
    preview: "Votre compte {tradingName} ne demande plus de code à la connexion.",
    heading: "La double authentification est désactivée",
    what: "La double authentification a été désactivée sur votre compte {tradingName} ({when}) : la connexion ne demande plus que votre mot de passe, et vos codes de secours ne fonctionnent plus.",
    ifNotYou:
      "Si c'est vous, ou notre service client à votre demande, vous n'avez rien à faire. Sinon, changez immédiatement votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  recovery_code_used: {
    subject: "Un code de secours a été utilisé sur votre compte {tradingName}",
    preview: "L'un de vos codes de secours {tradingName} vient d'être utilisé et ne pourra plus servir.",
    heading: "Un code de secours a été utilisé",
    what: "L'un de vos codes de secours a été utilisé sur votre compte {tradingName} ({when}). Chaque code ne sert qu'une fois : désactivez puis réactivez la double authentification dans l'application pour en obtenir de nouveaux.",
    ifNotYou:
      "Si ce n'est pas vous, changez immédiatement votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  passkey_added: {
    subject: "Une clé d'accès a été ajoutée à votre compte {tradingName}",
    preview: "Vous pouvez désormais vous connecter à {tradingName} avec une nouvelle clé d'accès.",
    heading: "Une clé d'accès a été ajoutée",
    what: "Une clé d'accès nommée « {name} » a été ajoutée à votre compte {tradingName} ({when}) : elle permet de se connecter sans votre mot de passe.",
    ifNotYou:
      "Si c'est vous, il n'y a rien d'autre à faire. Sinon, supprimez la clé d'accès dans l'application {tradingName}, changez immédiatement votre mot de passe et contactez le service client.",
  },
  passkey_removed: {
    subject: "Une clé d'accès a été supprimée de votre compte {tradingName}",
    preview: "Une clé d'accès ne peut plus se connecter à votre compte {tradingName}.",
    heading: "Une clé d'accès a été supprimée",
    what: "La clé d'accès nommée « {name} » a été supprimée de votre compte {tradingName} ({when}) : elle ne permet plus de se connecter.",
    ifNotYou:
      "Si c'est vous ou notre service client à votre demande, il n'y a rien d'autre à faire. Sinon, changez immédiatement votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  passkey_cloned: {
    subject: "Une copie de votre clé d'accès {tradingName} existe peut-être",
    preview: "Une connexion avec votre clé d'accès a été refusée : elle ressemblait à une copie.",
    heading: "Connexion avec une clé copiée refusée",
    what: "Une connexion à votre compte {tradingName} avec la clé d'accès nommée « {name} » a été refusée ({when}) : son compteur est revenu en arrière, ce qui arrive quand une copie est utilisée.",
    ifNotYou:
      "Supprimez cette clé d'accès dans l'application {tradingName}, ajoutez-en une nouvelle, changez votre mot de passe et contactez le service client.",
  },
  sca_locked: {
    subject: "Les validations de paiement de votre compte {tradingName} sont suspendues",
    preview: "Cinq validations de paiement de suite ont échoué : valider des paiements est suspendu un moment.",
    heading: "Validations de paiement suspendues",
    what: "Cinq tentatives de suite de valider un paiement sur votre compte {tradingName} ont échoué ({when}) : valider des paiements est suspendu jusqu'au {until}. La connexion n'est pas touchée.",
    ifNotYou:
      "Si ce n'était pas vous, changez votre mot de passe dans l'application {tradingName} et contactez le service client.",
  },
  payment_authorisation: {
    display: "Payer {amount} à {payee}, IBAN se terminant par {last4}",
  },
  kyc_verified: {
    subject: "Votre profil {tradingName} est vérifié",
    preview: "Nous avons contrôlé vos informations\u00a0: votre profil {tradingName} est vérifié.",
    heading: "Votre profil est vérifié",
    what: "Nous avons examiné les informations de votre profil {tradingName} et les avons vérifiées. Vous n'avez rien d'autre à faire.",
    ifChanged:
      "Si vous modifiez plus tard votre nom, votre date de naissance ou votre nationalité, nous examinerons à nouveau votre profil.",
  },
  kyc_rejected: {
    subject: "Nous n'avons pas pu vérifier votre profil {tradingName}",
    preview: "Nous n'avons pas pu vérifier les informations de votre profil {tradingName}.",
    heading: "Nous n'avons pas pu vérifier votre profil",
    what: "Nous avons examiné les informations de votre profil {tradingName} et n'avons pas pu les vérifier.",
    next: "Vérifiez vos informations dans l'application {tradingName}, ou contactez le service client pour savoir comment procéder.",
  },
};
