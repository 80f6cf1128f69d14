-- CreateIndex
CREATE INDEX "Session_impersonatedBy_idx" ON "Session"("impersonatedBy");
