-- CreateEnum
CREATE TYPE "ScreeningListFormat" AS ENUM ('ofac_sdn_csv', 'un_xml', 'opensanctions_ftm');

-- CreateEnum
CREATE TYPE "ScreeningTopic" AS ENUM ('sanction', 'pep');

-- CreateTable
CREATE TABLE "screening_lists" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "format" "ScreeningListFormat" NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "entry_count" INTEGER NOT NULL DEFAULT 0,
    "imported_at" TIMESTAMP(3),
    "imported_by" VARCHAR(320),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_entries" (
    "id" SERIAL NOT NULL,
    "list_id" INTEGER NOT NULL,
    "external_id" VARCHAR(200) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "aliases" TEXT[],
    "birth_dates" TEXT[],
    "nationalities" TEXT[],
    "topics" "ScreeningTopic"[],
    "programs" TEXT[],
    "content_hash" VARCHAR(64) NOT NULL,
    "version" INTEGER NOT NULL,
    "removed_in_version" INTEGER,

    CONSTRAINT "screening_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "screening_lists_name_key" ON "screening_lists"("name");

-- CreateIndex
CREATE INDEX "screening_entries_list_id_removed_in_version_idx" ON "screening_entries"("list_id", "removed_in_version");

-- CreateIndex
CREATE UNIQUE INDEX "screening_entries_list_id_external_id_key" ON "screening_entries"("list_id", "external_id");

-- AddForeignKey
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "screening_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
