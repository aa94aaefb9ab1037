-- Issue 38: the outbox filtered by template, newest first (the back office's filter), walked back
-- along (created_at, id) discarding the other templates: at a million customers the newest 64,605
-- e-mails held no verify_email (they are sent at registration, the others later), 2,729 buffers and
-- 129 ms for a page of 25, and more as the table grows. With the template first, the page and the
-- bounded count read the template's own entries.
-- CreateIndex
CREATE INDEX "email_outbox_template_created_at_id_idx" ON "email_outbox"("template", "created_at", "id");
