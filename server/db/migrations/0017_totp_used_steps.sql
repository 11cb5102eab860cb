CREATE TABLE "totp_used_steps" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"step" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "totp_used_steps" ADD CONSTRAINT "totp_used_steps_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
