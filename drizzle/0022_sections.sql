-- Sections (issue 47, decision 042): the seven categories become rows a newsroom can rename, add and remove. Articles,
-- revisions and generation jobs keep naming their section; the name is now a foreign key that follows a rename.
CREATE TABLE "sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"colour" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explore" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sections_name_unique" ON "sections" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_slug_unique" ON "sections" USING btree ("slug");--> statement-breakpoint
INSERT INTO "sections" ("name", "slug", "description", "colour", "cover", "keywords", "explore", "position", "updated_at") VALUES
('AI', 'ai', 'Models, research, tools and the companies building artificial intelligence.', '#5b21b6', '/images/stock/ai-technology.svg', '["ai","artificial intelligence","machine learning","deep learning","neural network","llm","large language model","language model","generative","genai","chatbot","chatgpt","openai","anthropic","claude","gemini","copilot","deepmind","mistral","llama","hugging face","ai agent","agentic","gpt"]'::jsonb, 1, 0, now()),
('Mobile', 'mobile', 'Phones, tablets, apps and the platforms that run them.', '#065f46', '/images/stock/mobile-smartphone.svg', '["mobile","smartphone","phone","iphone","android","ios","ipad","tablet","app store","google play","pixel","galaxy","foldable","5g","carrier","wireless","handset","whatsapp"]'::jsonb, 3, 1, now()),
('Startups', 'startups', 'Funding rounds, launches, founders and the business of new technology.', '#9a3412', '/images/stock/startup-business.svg', '["startup","start up","founder","cofounder","co founder","funding","raises","raised","seed round","pre seed","series a","series b","series c","series d","venture capital","venture","vc","valuation","unicorn","accelerator","y combinator","ipo","investor","acquires","acquisition"]'::jsonb, 2, 2, now()),
('Cloud', 'cloud', 'Infrastructure, data centres, platforms and the services built on them.', '#075985', '/images/stock/cloud-data-center.svg', '["cloud","aws","amazon web services","azure","google cloud","gcp","data center","datacenter","data centre","kubernetes","serverless","saas","hyperscaler","cloudflare","snowflake","outage"]'::jsonb, 0, 3, now()),
('Gadgets', 'gadgets', 'Hands-on reviews and news about the devices in your bag and on your desk.', '#9d174d', '/images/stock/gadgets-hardware.svg', '["gadget","device","hardware","laptop","headphones","earbuds","smartwatch","wearable","camera","tv","television","console","playstation","xbox","nintendo","headset","vr","e reader","kindle","drone","speaker","smart home","macbook","apple watch"]'::jsonb, 0, 4, now()),
('Software', 'software', 'Languages, frameworks, developer tools and the products built with them.', '#3730a3', '/images/stock/software-code.svg', '["software","app","update","release","windows","macos","linux","open source","developer","programming","api","sdk","browser","chrome","firefox","github","code","coding","beta","operating system"]'::jsonb, 0, 5, now()),
('Security', 'security', 'Vulnerabilities, breaches, privacy and how to stay safe.', '#991b1b', '/images/stock/security-protection.svg', '["security","cybersecurity","breach","breached","vulnerability","vulnerabilities","ransomware","hack","hacked","hacker","hacking","malware","patch","patched","cve","exploit","exploited","zero day","phishing","spyware","data leak","leak","cyberattack","attack","attacker","ddos","botnet","backdoor","infostealer","trojan","scam","password"]'::jsonb, 0, 6, now());--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "article_revisions" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_sections_name_fk" FOREIGN KEY ("category") REFERENCES "public"."sections"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_category_sections_name_fk" FOREIGN KEY ("category") REFERENCES "public"."sections"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_category_sections_name_fk" FOREIGN KEY ("category") REFERENCES "public"."sections"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "article_revisions_category_idx" ON "article_revisions" USING btree ("category");--> statement-breakpoint
CREATE INDEX "generation_jobs_category_idx" ON "generation_jobs" USING btree ("category");--> statement-breakpoint
DROP TYPE "public"."article_category";
