/** The e-mails' words in German (Germany) (see en_GB.ts for how a catalogue works). */
import type { Messages } from "./en_GB";

export const deDE: Messages = {
  frame: {
    footer: "Fragen? Wenden Sie sich an den Kundenservice von {tradingName} unter {supportEmail} oder {supportNumber}.",
  },
  link: {
    copy: "Oder kopieren Sie diesen Link in Ihren Browser:",
    validity: "Dieser Link ist {validFor} gültig und kann nur einmal verwendet werden.",
  },
  verify_email: {
    subject: "Bestätigen Sie Ihre E-Mail-Adresse für {tradingName}",
    preview: "Bestätigen Sie Ihre E-Mail-Adresse, um die Einrichtung Ihres Kontos bei {tradingName} abzuschließen.",
    heading: "Bestätigen Sie Ihre E-Mail-Adresse",
    intro:
      "Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, um die Einrichtung Ihres Kontos bei {tradingName} abzuschließen.",
    action: "E-Mail-Adresse bestätigen",
    ignore: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Es ändert sich nichts.",
  },
  reset_password: {
    subject: "Setzen Sie Ihr Passwort für {tradingName} zurück",
    preview: "Wählen Sie ein neues Passwort für Ihr Konto bei {tradingName}.",
    heading: "Passwort zurücksetzen",
    intro:
      "Jemand hat angefordert, das Passwort Ihres Kontos bei {tradingName} zurückzusetzen. Über den folgenden Link können Sie ein neues wählen.",
    action: "Neues Passwort wählen",
    ignore:
      "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Ihr Passwort bleibt unverändert.",
  },
  staff_reset_password: {
    subject: "Setzen Sie Ihr Backoffice-Passwort für {tradingName} zurück",
    preview: "Wählen Sie ein neues Passwort für das Backoffice von {tradingName}.",
    heading: "Backoffice-Passwort zurücksetzen",
    intro:
      "Jemand hat angefordert, Ihr Passwort für das Backoffice von {tradingName} zurückzusetzen. Über den folgenden Link können Sie ein neues wählen. Danach sind Sie überall sonst abgemeldet.",
    action: "Neues Passwort wählen",
    ignore: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
  },
  password_changed: {
    subject: "Ihr Passwort für {tradingName} wurde geändert",
    preview: "Das Passwort Ihres Kontos bei {tradingName} wurde soeben geändert.",
    heading: "Ihr Passwort wurde geändert",
    what: "Das Passwort Ihres Kontos bei {tradingName} wurde soeben geändert ({when}), und alle anderen damit angemeldeten Geräte wurden abgemeldet.",
    ifNotYou:
      "Wenn Sie das waren, müssen Sie nichts weiter tun. Falls nicht, setzen Sie Ihr Passwort sofort in der App von {tradingName} zurück und wenden Sie sich an den Kundenservice.",
  },
  account_closed: {
    subject: "Ihr Konto bei {tradingName} wurde geschlossen",
    preview: "Ihr Konto bei {tradingName} wurde geschlossen und kann nicht mehr verwendet werden.",
    heading: "Ihr Konto wurde geschlossen",
    what: "Ihr Konto bei {tradingName} mit dieser E-Mail-Adresse wurde am {when} geschlossen, und alle damit angemeldeten Geräte wurden abgemeldet. Eine Anmeldung ist damit nicht mehr möglich.",
    again: "Sie können jederzeit ein neues Konto mit dieser Adresse eröffnen.",
    ifNotYou:
      "Wenn Sie Ihr Konto nicht selbst geschlossen haben, wenden Sie sich bitte umgehend an den Kundenservice von {tradingName}.",
  },
  change_email: {
    subject: "Bestätigen Sie Ihre neue E-Mail-Adresse für {tradingName}",
    preview: "Bestätigen Sie diese Adresse, damit sie zur Adresse Ihres Kontos bei {tradingName} wird.",
    heading: "Bestätigen Sie Ihre neue E-Mail-Adresse",
    intro:
      "Sie möchten diese Adresse für Ihr Konto bei {tradingName} verwenden. Bestätigen Sie sie, um die Änderung abzuschließen – bis dahin behält Ihr Konto seine bisherige Adresse.",
    action: "Neue Adresse bestätigen",
    ignore:
      "Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail – Ihr Konto behält seine bisherige Adresse.",
  },
  email_change_notice: {
    subject: "Änderung Ihrer E-Mail-Adresse bei {tradingName} angefordert",
    preview: "Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos bei {tradingName} zu ändern.",
    heading: "Ihre E-Mail-Adresse wird geändert",
    what: "Jemand, der in Ihrem Konto bei {tradingName} angemeldet ist, möchte dafür eine andere E-Mail-Adresse verwenden. Die Änderung wird erst wirksam, wenn sie von der neuen Adresse aus bestätigt wurde – bis dahin behält Ihr Konto diese Adresse.",
    ifNotYou:
      "Wenn Sie das waren, müssen Sie nichts weiter tun. Falls nicht, ändern Sie sofort Ihr Passwort in der App von {tradingName} und wenden Sie sich an den Kundenservice.",
  },
  new_device: {
    subject: "Neue Anmeldung bei Ihrem Konto bei {tradingName}",
    preview: "Bei Ihrem Konto bei {tradingName} hat sich soeben ein neues Gerät angemeldet.",
    heading: "Neue Anmeldung bei Ihrem Konto",
    what: "Bei Ihrem Konto bei {tradingName} wurde soeben eine Anmeldung von einem Gerät aus vorgenommen, das bisher noch nie damit verwendet wurde.",
    when: "Wann: {when}",
    app: "App: {app}",
    device: "Gerät: {userAgent}",
    ip: "IP-Adresse: {ip}",
    ifNotYou:
      "Wenn Sie das waren, müssen Sie nichts weiter tun. Falls nicht, ändern Sie sofort Ihr Passwort in der App von {tradingName}, melden Sie Ihre anderen Sitzungen ab und wenden Sie sich an den Kundenservice.",
  },
  mfa_enabled: {
    subject: "Die Zwei-Faktor-Anmeldung ist für Ihr Konto bei {tradingName} aktiviert",
    preview: "Ihr Konto bei {tradingName} fragt jetzt nach einem Code aus Ihrer Authenticator-App.",
    heading: "Die Zwei-Faktor-Anmeldung ist aktiviert",
    what: "Für Ihr Konto bei {tradingName} wurde die Zwei-Faktor-Anmeldung aktiviert ({when}): Bei der Anmeldung wird nun zusätzlich ein Code aus Ihrer Authenticator-App oder einer Ihrer Wiederherstellungscodes verlangt.",
    ifNotYou:
      "Wenn Sie das waren, bewahren Sie Ihre Wiederherstellungscodes sicher auf. Wenn nicht, wenden Sie sich bitte umgehend an den Kundenservice von {tradingName}.",
  },
  mfa_disabled: {
    subject: "Die Zwei-Faktor-Anmeldung ist für Ihr Konto bei {tradingName} deaktiviert",
    preview: "Ihr Konto bei {tradingName} fragt bei der Anmeldung nicht mehr nach einem Code.",
    heading: "Die Zwei-Faktor-Anmeldung ist deaktiviert",
    what: "Für Ihr Konto bei {tradingName} wurde die Zwei-Faktor-Anmeldung deaktiviert ({when}): Bei der Anmeldung wird nur noch Ihr Passwort verlangt, und Ihre Wiederherstellungscodes gelten nicht mehr.",
    ifNotYou:
      "Wenn Sie das waren oder unser Kundenservice auf Ihre Bitte, ist nichts weiter zu tun. Wenn nicht, ändern Sie sofort Ihr Passwort in der App von {tradingName} und wenden Sie sich an den Kundenservice.",
  },
  recovery_code_used: {
    subject: "Für Ihr Konto bei {tradingName} wurde ein Wiederherstellungscode verwendet",
    preview: "Einer Ihrer Wiederherstellungscodes für {tradingName} wurde soeben verwendet und gilt nicht mehr.",
    heading: "Ein Wiederherstellungscode wurde verwendet",
    what: "Für Ihr Konto bei {tradingName} wurde einer Ihrer Wiederherstellungscodes verwendet ({when}). Jeder Code gilt nur einmal: Deaktivieren und aktivieren Sie die Zwei-Faktor-Anmeldung in der App erneut, um neue zu erhalten.",
    ifNotYou:
      "Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort in der App von {tradingName} und wenden Sie sich an den Kundenservice.",
  },
  passkey_added: {
    subject: "Ihrem Konto bei {tradingName} wurde ein Passkey hinzugefügt",
    preview: "Sie können sich jetzt mit einem neuen Passkey bei {tradingName} anmelden.",
    heading: "Ein Passkey wurde hinzugefügt",
    what: "Ihrem Konto bei {tradingName} wurde ein Passkey namens „{name}“ hinzugefügt ({when}): Damit ist eine Anmeldung ohne Passwort möglich.",
    ifNotYou:
      "Wenn Sie das waren, ist nichts weiter zu tun. Wenn nicht, entfernen Sie den Passkey in der App von {tradingName}, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Kundenservice.",
  },
  passkey_removed: {
    subject: "Aus Ihrem Konto bei {tradingName} wurde ein Passkey entfernt",
    preview: "Ein Passkey kann sich nicht mehr bei Ihrem Konto bei {tradingName} anmelden.",
    heading: "Ein Passkey wurde entfernt",
    what: "Der Passkey namens „{name}“ wurde aus Ihrem Konto bei {tradingName} entfernt ({when}): Damit ist keine Anmeldung mehr möglich.",
    ifNotYou:
      "Wenn Sie oder unser Kundenservice in Ihrem Auftrag das waren, ist nichts weiter zu tun. Wenn nicht, ändern Sie sofort Ihr Passwort in der App von {tradingName} und wenden Sie sich an den Kundenservice.",
  },
  passkey_cloned: {
    subject: "Von Ihrem Passkey für {tradingName} gibt es möglicherweise eine Kopie",
    preview: "Eine Anmeldung mit Ihrem Passkey wurde abgelehnt: Sie sah nach einer Kopie aus.",
    heading: "Anmeldung mit kopiertem Passkey abgelehnt",
    what: "Eine Anmeldung bei Ihrem Konto bei {tradingName} mit dem Passkey namens „{name}“ wurde abgelehnt ({when}): Sein Zähler ging zurück, was geschieht, wenn eine Kopie verwendet wird.",
    ifNotYou:
      "Entfernen Sie diesen Passkey in der App von {tradingName}, fügen Sie einen neuen hinzu, ändern Sie Ihr Passwort und wenden Sie sich an den Kundenservice.",
  },
  sca_locked: {
    subject: "Zahlungsfreigaben für Ihr Konto bei {tradingName} sind pausiert",
    preview:
      "Fünf Zahlungsfreigaben hintereinander sind fehlgeschlagen: Zahlungen freizugeben ist eine Weile pausiert.",
    heading: "Zahlungsfreigaben pausiert",
    what: "Fünf Versuche hintereinander, eine Zahlung auf Ihrem Konto bei {tradingName} freizugeben, sind fehlgeschlagen ({when}): Zahlungen freizugeben ist bis {until} pausiert. Die Anmeldung ist davon nicht betroffen.",
    ifNotYou:
      "Wenn Sie das nicht waren, ändern Sie Ihr Passwort in der App von {tradingName} und wenden Sie sich an den Kundenservice.",
  },
  payment_authorisation: {
    display: "{amount} an {payee} zahlen, IBAN endet auf {last4}",
  },
  kyc_verified: {
    subject: "Ihr Profil bei {tradingName} ist bestätigt",
    preview: "Wir haben Ihre Angaben geprüft: Ihr Profil bei {tradingName} ist bestätigt.",
    heading: "Ihr Profil ist bestätigt",
    what: "Wir haben die Angaben in Ihrem Profil bei {tradingName} geprüft und bestätigt. Sie müssen nichts weiter tun.",
    ifChanged:
      "Wenn Sie später Ihren Namen, Ihr Geburtsdatum oder Ihre Staatsangehörigkeit ändern, prüfen wir Ihr Profil erneut.",
  },
  kyc_rejected: {
    subject: "Wir konnten Ihr Profil bei {tradingName} nicht bestätigen",
    preview: "Wir konnten die Angaben in Ihrem Profil bei {tradingName} nicht bestätigen.",
    heading: "Wir konnten Ihr Profil nicht bestätigen",
    what: "Wir haben die Angaben in Ihrem Profil bei {tradingName} geprüft und konnten sie nicht bestätigen.",
    next: "Bitte prüfen Sie Ihre Angaben in der App von {tradingName} oder wenden Sie sich an den Kundenservice, um zu erfahren, wie es weitergeht.",
  },
};
