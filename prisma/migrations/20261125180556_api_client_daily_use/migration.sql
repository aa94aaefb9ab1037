-- CreateTable
CREATE TABLE "api_client_daily_use" (
    "api_client_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_client_daily_use_pkey" PRIMARY KEY ("api_client_id","day")
);

-- CreateIndex
CREATE INDEX "api_client_daily_use_day_idx" ON "api_client_daily_use"("day");

-- AddForeignKey
ALTER TABLE "api_client_daily_use" ADD CONSTRAINT "api_client_daily_use_api_client_id_fkey" FOREIGN KEY ("api_client_id") REFERENCES "api_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
