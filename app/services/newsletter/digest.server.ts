import type { Database } from "../../db/client.server";
import { articles } from "../../db/schema";
import type { AiModel } from "../../utils/ai-models";
import { newestFirst, visibleToReaders } from "../articles/articles.server";
import { formatReadTime } from "../../utils/read-time";
import { emailSafeImageUrl, imageForArticle } from "../../utils/stock-images";
import { fallbackSubject, NEWSLETTER_ARTICLE_COUNT } from "../../domain/newsletter";
import type { AiProviders } from "../generation/ai-provider.server";
import { generationFailureKind } from "../generation/generation-errors.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { renderDigestEmail } from "./digest-render.server";
import { clientFailedMessage, NEWSLETTER_TEXTS, NewsletterError } from "./newsletter-errors.server";
import type { IssueContent } from "./newsletter-issues.server";
import { buildNewsletterPrompt, parseDigestReply, plainOpening } from "./newsletter-prompt.server";
import { UNSUBSCRIBE_TOKEN_PLACEHOLDER } from "./newsletter-sender.server";
import { messageSite } from "../mail/render-email.server";

/** A published article the digest covers. */
export interface DigestSource {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  image: string;
  readTime: number;
  publishedAt: Date | null;
  content: string;
}

/** What the newsletter's messages say about the site, read as the settings are now (the live site). */
export interface NewsletterSite {
  name: string;
  /** What the newsroom publishes ("technology news"): the model is told it. */
  tagline: string;
  url: string;
  timeZone: string;
  language?: string;
  accent?: { light: string } | null;
  logo?: { light: string } | null;
}

/** What a writer (the model, or the excerpts) produced. */
export interface DigestWriting {
  subject: string;
  intro: string;
  summaries: Map<number, string>;
  model: string | null;
}

/**
 * The weekly digest: the 5 most recent published articles, written up by a model (subject, intro, one
 * summary each, checked with zod) or from the articles' own excerpts, and rendered by our React Email
 * template into HTML and text with a placeholder where each recipient's unsubscribe link goes.
 */
export function createDigestWriter({
  db,
  providers,
  site,
  clock,
  logger,
  stories = () => NEWSLETTER_ARTICLE_COUNT,
  footer = () => ({ text: "", postalAddress: "" }),
}: {
  db: Database;
  providers: AiProviders;
  site: NewsletterSite;
  clock: Clock;
  logger: Logger;
  /** Stories per issue, as the settings are now (the spec's 5 by default). */
  stories?: () => number;
  /** The newsletter's footer text and the newsroom's postal address, as the settings are now. */
  footer?: () => { text: string; postalAddress: string };
}) {
  // The issue's date is the newsroom's day (its time zone), not the process's.
  const issueDate = (moment: Date) =>
    new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: site.timeZone }).format(moment);
  function absolute(url: string): string {
    return new URL(url, `${site.url}/`).toString();
  }

  return {
    /** The newest published articles, "No articles available for newsletter" when there are none. */
    async latestArticles(): Promise<DigestSource[]> {
      const rows = await db
        .select({
          id: articles.id,
          title: articles.title,
          excerpt: articles.excerpt,
          category: articles.category,
          image: articles.image,
          readTime: articles.readTime,
          publishedAt: articles.publishedAt,
          content: articles.content,
        })
        .from(articles)
        .where(visibleToReaders(clock.now()))
        .orderBy(...newestFirst)
        .limit(stories());
      if (rows.length === 0) throw new NewsletterError("NO_ARTICLES", NEWSLETTER_TEXTS.noArticles);
      return rows;
    },

    /** The model's subject, intro and summaries. Spec texts for a rejected key and for any other failure. */
    async writeWithModel(sources: DigestSource[], model: AiModel, apiKey: string, signal?: AbortSignal): Promise<DigestWriting> {
      const prompt = buildNewsletterPrompt({
        siteName: site.name,
        tagline: site.tagline,
        provider: model.provider,
        articles: sources.map((source) => ({ ...source, opening: plainOpening(source.content) })),
      });
      let reply: string;
      try {
        reply = await providers.complete({ model, apiKey, prompt, purpose: "newsletter", signal });
      } catch (error) {
        if (generationFailureKind(error) === "invalid-key") {
          throw new NewsletterError("CLIENT_FAILED", clientFailedMessage(model.providerName), { cause: error });
        }
        logger.warn({ err: error, model: model.id }, "the newsletter model call failed");
        throw new NewsletterError("GENERATION_FAILED", NEWSLETTER_TEXTS.generationFailed, { cause: error });
      }
      const parsed = parseDigestReply(reply);
      if (!parsed) {
        logger.warn({ model: model.id, replyLength: reply.length }, "the newsletter reply was not the JSON asked for");
        throw new NewsletterError("GENERATION_FAILED", NEWSLETTER_TEXTS.generationFailed);
      }
      const known = new Set(sources.map((source) => source.id));
      return {
        subject: parsed.subject || fallbackSubject(site.name),
        intro: parsed.intro,
        summaries: new Map(parsed.summaries.filter((entry) => known.has(entry.id)).map((entry) => [entry.id, entry.summary])),
        model: model.id,
      };
    },

    /** The digest without a model: the articles' excerpts and a plain introduction. */
    writeFromExcerpts(sources: DigestSource[]): DigestWriting {
      return {
        subject: fallbackSubject(site.name),
        intro: `Welcome to this week's ${site.name} digest. Here are the ${sources.length === 1 ? "story" : `${sources.length} stories`} our newsroom published most recently.`,
        summaries: new Map(sources.map((source) => [source.id, source.excerpt])),
        model: null,
      };
    },

    /** Renders the issue; an article the writer left out is summarised by its excerpt. */
    async render(sources: DigestSource[], writing: DigestWriting): Promise<IssueContent> {
      const { html, text } = await renderDigestEmail({
        ...messageSite(site),
        subject: writing.subject,
        intro: writing.intro,
        issueDate: issueDate(clock.now()),
        language: site.language ?? "en",
        footerText: footer().text,
        postalAddress: footer().postalAddress,
        unsubscribeUrl: `${site.url}/unsubscribe/${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`,
        articles: sources.map((source) => ({
          id: source.id,
          title: source.title,
          category: source.category,
          summary: writing.summaries.get(source.id) ?? source.excerpt,
          imageUrl: absolute(emailSafeImageUrl(source.image || imageForArticle(source))),
          url: `${site.url}/article/${source.id}`,
          readTime: formatReadTime(source.readTime),
        })),
      });
      return { subject: writing.subject, html, text, articleIds: sources.map((source) => source.id), model: writing.model };
    },
  };
}

export type DigestWriter = ReturnType<typeof createDigestWriter>;
