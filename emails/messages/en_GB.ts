/**
 * The e-mails' words in British English, the reference catalogue: every other catalogue is typed by
 * this one (`Messages`), so a key missing there fails the typecheck. For translators: `{name}` is a
 * value put in when the e-mail is sent (the trading name, a date, …); keep it, and move it wherever
 * the sentence wants it. A template's section holds its subject and every sentence it shows.
 */
export const enGB = {
  /** The frame around every e-mail. */
  frame: {
    footer: "Questions? Contact {tradingName} support at {supportEmail} or {supportNumber}.",
  },
  /** The e-mails that carry a link. `{validFor}` is a duration, "24 hours". */
  link: {
    copy: "Or copy this link into your browser:",
    validity: "This link is valid for {validFor} and works once.",
  },
  verify_email: {
    subject: "Verify your e-mail address for {tradingName}",
    preview: "Confirm your e-mail address to finish setting up your {tradingName} account.",
    heading: "Verify your e-mail address",
    intro: "Confirm that this is your e-mail address to finish setting up your {tradingName} account.",
    action: "Verify e-mail address",
    ignore: "If you didn't ask for this, ignore this e-mail: nothing will change.",
  },
  reset_password: {
    subject: "Reset your {tradingName} password",
    preview: "Choose a new password for your {tradingName} account.",
    heading: "Reset your password",
    intro: "Someone asked to reset the password of your {tradingName} account: choose a new one with the link below.",
    action: "Choose a new password",
    ignore: "If you didn't ask for this, ignore this e-mail: your password stays the same.",
  },
  /** `{when}` is a date and time with its timezone, "23 November 2026 at 07:45 UTC". */
  password_changed: {
    subject: "Your {tradingName} password was changed",
    preview: "The password of your {tradingName} account was just changed.",
    heading: "Your password was changed",
    what: "The password of your {tradingName} account was just changed ({when}), and every other device signed in to it was signed out.",
    ifNotYou:
      "If this was you, there is nothing more to do. If it wasn't, reset your password in the {tradingName} app at once and contact support.",
  },
  /** `{when}` is a date and time with its timezone, "23 November 2026 at 07:45 UTC". */
  account_closed: {
    subject: "Your {tradingName} account was closed",
    preview: "Your {tradingName} account was closed and can no longer be used.",
    heading: "Your account was closed",
    what: "Your {tradingName} account for this e-mail address was closed on {when}, and every device signed in to it was signed out. It can no longer be used to sign in.",
    again: "You can open a new account with this address at any time.",
    ifNotYou: "If you didn't close it, contact {tradingName} support at once.",
  },
};

export type Messages = typeof enGB;
