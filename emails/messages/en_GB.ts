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
  /** A staff member's link to choose a new back-office password. */
  staff_reset_password: {
    subject: "Reset your {tradingName} back-office password",
    preview: "Choose a new password for the {tradingName} back office.",
    heading: "Reset your back-office password",
    intro:
      "Someone asked to reset your password for the {tradingName} back office: choose a new one with the link below. Choosing one signs you out everywhere else.",
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
  /** The link to a new address: confirming it makes it the account's address. */
  change_email: {
    subject: "Confirm your new e-mail address for {tradingName}",
    preview: "Confirm this address to make it the one of your {tradingName} account.",
    heading: "Confirm your new e-mail address",
    intro:
      "You asked to use this address for your {tradingName} account. Confirm it to make the change: until then, your account keeps its current address.",
    action: "Confirm new address",
    ignore: "If you didn't ask for this, ignore this e-mail: your account keeps its current address.",
  },
  /** To the current address when a change of address is asked for: no link. */
  email_change_notice: {
    subject: "A change of your {tradingName} e-mail address was requested",
    preview: "Someone asked to change the e-mail address of your {tradingName} account.",
    heading: "Your e-mail address is about to change",
    what: "Someone signed in to your {tradingName} account asked to use another e-mail address for it. The change takes effect only once it is confirmed from the new address: until then, your account keeps this one.",
    ifNotYou:
      "If this was you, there is nothing more to do. If it wasn't, change your password in the {tradingName} app at once and contact support.",
  },
  /** `{when}` is a date and time with its timezone; `{app}` the app's name; `{userAgent}` the browser or device; `{ip}` an IP address. */
  new_device: {
    subject: "New sign-in to your {tradingName} account",
    preview: "Your {tradingName} account was just signed in to from a new device.",
    heading: "New sign-in to your account",
    what: "Your {tradingName} account was just signed in to from a device it had not been used on before.",
    when: "When: {when}",
    app: "App: {app}",
    device: "Device: {userAgent}",
    ip: "IP address: {ip}",
    ifNotYou:
      "If this was you, there is nothing more to do. If it wasn't, change your password in the {tradingName} app at once, sign out of your other sessions and contact support.",
  },
  /** `{when}` is a date and time with its timezone. Two-factor (issue 26). */
  mfa_enabled: {
    subject: "Two-factor sign-in is on for your {tradingName} account",
    preview: "Your {tradingName} account now asks for a code from your authenticator app.",
    heading: "Two-factor sign-in is on",
    what: "Two-factor sign-in was turned on for your {tradingName} account ({when}): signing in now also asks for a code from your authenticator app, or one of your recovery codes.",
    ifNotYou:
      "If this was you, keep your recovery codes somewhere safe. If it wasn't, contact {tradingName} support at once.",
  },
  mfa_disabled: {
    subject: "Two-factor sign-in is off for your {tradingName} account",
    preview: "Your {tradingName} account no longer asks for a code when you sign in.",
    heading: "Two-factor sign-in is off",
    what: "Two-factor sign-in was turned off for your {tradingName} account ({when}): signing in asks for your password alone, and your recovery codes no longer work.",
    ifNotYou:
      "If this was you or our support at your request, there is nothing more to do. If not, change your password in the {tradingName} app at once and contact support.",
  },
  recovery_code_used: {
    subject: "A recovery code was used on your {tradingName} account",
    preview: "One of your {tradingName} recovery codes was just used, and cannot be used again.",
    heading: "A recovery code was used",
    what: "One of your recovery codes was used on your {tradingName} account ({when}). Each code works once: turn two-factor off and on again in the app for a new set.",
    ifNotYou: "If it wasn't you, change your password in the {tradingName} app at once and contact support.",
  },
  /** Passkeys (issue 39). `{name}` is the name the customer gave the passkey, `{when}` a date and time with its timezone. */
  passkey_added: {
    subject: "A passkey was added to your {tradingName} account",
    preview: "You can now sign in to {tradingName} with a new passkey.",
    heading: "A passkey was added",
    what: "A passkey named “{name}” was added to your {tradingName} account ({when}): it can now sign in without your password.",
    ifNotYou:
      "If this was you, there is nothing more to do. If it wasn't, remove the passkey in the {tradingName} app, change your password at once and contact support.",
  },
  passkey_removed: {
    subject: "A passkey was removed from your {tradingName} account",
    preview: "A passkey can no longer sign in to your {tradingName} account.",
    heading: "A passkey was removed",
    what: "The passkey named “{name}” was removed from your {tradingName} account ({when}): it can no longer sign in.",
    ifNotYou:
      "If this was you or our support at your request, there is nothing more to do. If not, change your password in the {tradingName} app at once and contact support.",
  },
  passkey_cloned: {
    subject: "A copy of your {tradingName} passkey may exist",
    preview: "A sign-in with your passkey was refused: it looked like a copy.",
    heading: "A sign-in with a copied passkey was refused",
    what: "A sign-in to your {tradingName} account with the passkey named “{name}” was refused ({when}): the passkey's counter went backwards, which happens when a copy of it is used.",
    ifNotYou: "Remove this passkey in the {tradingName} app, add a new one, change your password and contact support.",
  },
  sca_locked: {
    subject: "Payment approvals on your {tradingName} account are paused",
    preview: "Five payment approvals in a row failed: approving payments is paused for a while.",
    heading: "Payment approvals paused",
    what: "Five attempts in a row to approve a payment on your {tradingName} account failed ({when}): approving payments is paused until {until}. Signing in is not affected.",
    ifNotYou: "If this wasn't you, change your password in the {tradingName} app and contact support.",
  },
  /** What the app shows before asking the customer to approve a payment: {amount} formatted for its currency, {payee} the payee's name, {last4} the IBAN's last four characters. */
  payment_authorisation: {
    display: "Pay {amount} to {payee}, IBAN ending {last4}",
  },
  /** The outcome of the review of the customer's profile: never the reviewer's reason, which stays internal. */
  kyc_verified: {
    subject: "Your {tradingName} profile is verified",
    preview: "We have checked your details: your {tradingName} profile is verified.",
    heading: "Your profile is verified",
    what: "We have reviewed the details in your {tradingName} profile and verified them. There is nothing more you need to do.",
    ifChanged: "If you change your name, date of birth or nationality later, we will review your profile again.",
  },
  kyc_rejected: {
    subject: "We could not verify your {tradingName} profile",
    preview: "We could not verify the details in your {tradingName} profile.",
    heading: "We could not verify your profile",
    what: "We have reviewed the details in your {tradingName} profile and could not verify them.",
    next: "Please check your details in the {tradingName} app, or contact support to find out what to do next.",
  },
};

export type Messages = typeof enGB;
