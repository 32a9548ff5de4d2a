-- When an educator's discount ends (issue 45): 'Faltam N dias a este preço!' is said only of a
-- discount that really ends, and the price goes back to the full one then. Null: no end date.
ALTER TABLE "courses" ADD COLUMN "discount_ends_at" timestamp with time zone;
