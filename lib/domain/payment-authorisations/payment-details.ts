/**
 * What a payment authorisation approves, checked and normalised: the amount a decimal string above
 * zero with at most the currency's minor units and 15 digits ("12.5" in EUR is "12.50"), the currency
 * an ISO 4217 code in use, the payee's IBAN valid (country length and mod-97, by ibantools) and
 * kept in its electronic form (upper case, no spaces). The request's schema has already checked
 * lengths and control characters; every problem here is answered at once, each naming its field.
 */
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { type FieldError, invalidInput } from "@/lib/platform/errors/domain-error";
import { isStorableText } from "@/lib/platform/validation/fields";
import { minorUnits } from "./currencies";

export type PaymentInput = {
  amount: string;
  currency: string;
  payee: { name: string; iban: string };
  reference?: string;
};

export type PaymentDetails = {
  amount: string;
  currency: string;
  payeeName: string;
  payeeIban: string;
  reference: string | null;
};

/** Digits an amount may have, whole and minor units together. */
export const MAX_AMOUNT_DIGITS = 15;
/** The longest IBAN (ISO 13616: 34 characters), and what may be sent with its spaces. */
export const MAX_IBAN_LENGTH = 34;
export const MAX_SENT_IBAN_LENGTH = 50;
/** What may be sent as an amount: longer is too long, unread. */
export const MAX_SENT_AMOUNT_LENGTH = 32;
export const MAX_PAYEE_NAME_LENGTH = 140;
export const MAX_REFERENCE_LENGTH = 140;

const AMOUNT = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** `amount` with exactly `digits` minor units, or undefined when it is not a valid amount in them. */
function normalisedAmount(amount: string, digits: number): string | undefined {
  const match = AMOUNT.exec(amount);
  if (!match) return undefined;
  const [, whole, fraction = ""] = match;
  if (fraction.length > digits || (digits === 0 && amount.includes("."))) return undefined;
  const minor = fraction.padEnd(digits, "0");
  if (whole.length + minor.length > MAX_AMOUNT_DIGITS || /^0*$/.test(whole + minor)) return undefined;
  return digits === 0 ? whole : `${whole}.${minor}`;
}

/** The value trimmed when it is text the schema takes (at most `max` characters, none a control character), else undefined. */
const text = (value: unknown, max: number) => {
  const trimmed = typeof value === "string" ? value.trim() : undefined;
  return trimmed !== undefined && trimmed.length <= max && isStorableText(trimmed) ? trimmed : undefined;
};

/**
 * The problems of the amount, currency and IBAN as sent (each a string, else left to the request's
 * schema): the request's cross-checks, so they are answered with the schema's own in one answer.
 */
export function paymentProblems(raw: Record<string, unknown>): FieldError[] {
  const problems: FieldError[] = [];
  const currency = text(raw.currency, 3);
  const amount = text(raw.amount, MAX_SENT_AMOUNT_LENGTH);
  const digits = currency === undefined ? undefined : minorUnits(currency);
  if (currency !== undefined && currency !== "" && digits === undefined) {
    problems.push({
      param: "currency",
      code: "invalid",
      message: "Currency must be an ISO 4217 code in use, such as EUR",
    });
  }
  if (digits !== undefined && amount && normalisedAmount(amount, digits) === undefined) {
    problems.push({
      param: "amount",
      code: "invalid",
      message: `Amount must be a decimal above zero such as 12.50, with at most ${digits} decimal${digits === 1 ? "" : "s"} in ${currency} and ${MAX_AMOUNT_DIGITS} digits`,
    });
  }
  const sentIban =
    raw.payee && typeof raw.payee === "object"
      ? text((raw.payee as { iban?: unknown }).iban, MAX_SENT_IBAN_LENGTH)
      : undefined;
  const iban = sentIban ? (electronicFormatIBAN(sentIban) ?? "") : undefined;
  if (
    iban !== undefined &&
    sentIban!.length <= MAX_SENT_IBAN_LENGTH &&
    (iban.length > MAX_IBAN_LENGTH || !isValidIBAN(iban))
  ) {
    problems.push({
      param: "payee.iban",
      code: "invalid",
      message: "IBAN is not valid: check its country, length and check digits",
    });
  }
  return problems;
}

/** The payment checked (paymentProblems) and normalised. */
export function checkPayment(input: PaymentInput): PaymentDetails {
  const problems = paymentProblems(input);
  const amount = normalisedAmount(input.amount, minorUnits(input.currency) ?? -1);
  const payeeIban = electronicFormatIBAN(input.payee.iban);
  if (problems.length > 0 || amount === undefined || !payeeIban) throw invalidInput(problems);
  return {
    amount,
    currency: input.currency,
    payeeName: input.payee.name,
    payeeIban,
    reference: input.reference || null,
  };
}
