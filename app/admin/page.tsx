import type { Metadata } from "next";
import { AdminEntry } from "@/components/admin/AdminEntry";
import { backOfficeName } from "@/lib/domain/reference-data/back-office-name";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";
import { log } from "@/lib/platform/runtime/log";

/** The trading name the back office is branded with; without the database, an unbranded page still loads. */
async function tradingName(): Promise<string | null> {
  try {
    return (await currentBusinessDetails()).trading_name;
  } catch (error) {
    log().warn({ err: error }, "the back office page is unbranded: the business settings could not be read");
    return null;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: backOfficeName(await tradingName()) };
}

export default async function AdminPage() {
  return <AdminEntry tradingName={await tradingName()} />;
}
