ALTER TABLE "courses" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_check" CHECK (category in ('programacao', 'dados-ia', 'design', 'negocios', 'marketing', 'seguranca', 'infraestrutura-cloud', 'carreira'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_check" CHECK (level in ('iniciante', 'intermediario', 'avancado'));