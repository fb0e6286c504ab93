import type { ArticleStatus } from "./article-status";
import type { ProfileLink } from "./permissions";
import type { Category } from "./sections";

/** One fetched news item a generated article is based on, linked from the article page. */
export interface SourceLink {
  outlet: string;
  title: string;
  url: string;
  publishedAt: string | null;
}

/** An AI draft's text as the model wrote it. */
export interface AiOriginal {
  title: string;
  excerpt: string;
  content: string;
}

export interface ArticleAuthor {
  name: string;
  avatar: string;
  role: string;
  /** The author page's address part, /author/{slug}. */
  slug: string;
}

/** A person in an article's byline (the lead author first, then the co-authors in order), with their links. */
export interface BylineAuthor extends ArticleAuthor {
  id: number;
  links: ProfileLink[];
}

/** An author page's profile. */
export interface AuthorProfile extends BylineAuthor {
  bio: string;
}

/** An article as the reader pages list it: no body, with its author. */
export interface ArticleSummary {
  id: number;
  title: string;
  excerpt: string;
  category: Category;
  image: string;
  publishedAt: Date | null;
  readTime: number;
  isFeatured: boolean;
  isPopular: boolean;
  isAiGenerated: boolean;
  author: ArticleAuthor;
}

/** A whole published article, as its page shows it. */
export interface ArticleDetail extends ArticleSummary {
  /** The markdown body rendered on the server to sanitized HTML, the only form the article page shows. */
  bodyHtml: string;
  sources: string;
  sourceLinks: SourceLink[];
  createdAt: Date;
  updatedAt: Date;
  /** Everyone who signs it, in byline order: the lead author (also `author`), then the co-authors. */
  authors: BylineAuthor[];
  /** For an AI-assisted article: who approved it, when, and how much of the AI text the editors rewrote. */
  aiDisclosure: AiDisclosure | null;
}

/** The record behind the "AI-assisted" label that readers can open. */
export interface AiDisclosure {
  /** The editor who took responsibility by publishing it; null for articles published before approvals were kept. */
  approverName: string | null;
  approvedAt: Date | null;
  /** 0 to 100; null when the model's original text was not kept. */
  rewrittenPercent: number | null;
}

/** A line in the notifications panel. */
export interface Headline {
  id: number;
  title: string;
  category: Category;
  publishedAt: Date | null;
}

/** A draft a generation job made, with its editorial state. */
export interface DraftHeadline extends Headline {
  status: ArticleStatus;
}

/** The five numbers above the table. Featured and Popular count drafts too: they are flags an editor sets. */
export interface ArticleStats {
  total: number;
  published: number;
  drafts: number;
  inReview: number;
  scheduled: number;
  featured: number;
  popular: number;
}

/** A row of Article Management's table. */
export interface ManagedArticle {
  id: number;
  title: string;
  excerpt: string;
  category: Category;
  readTime: number;
  sources: string;
  image: string;
  isFeatured: boolean;
  isPopular: boolean;
  isAiGenerated: boolean;
  status: ArticleStatus;
  authorId: number;
  /** The byline. */
  authorName: string;
  /** The latest review note (the submitter's, or the editor's request for changes). */
  reviewNote: string;
  /** The editor an AI draft waits for (the one who started the generation); null otherwise. */
  reviewerName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An article as the editor opens it: the row plus its body. */
export interface EditableArticle extends ManagedArticle {
  content: string;
}

export interface ArticleListPage {
  articles: ManagedArticle[];
  /** Articles matching the search and filters; for a search, counted up to SEARCH_COUNT_LIMIT. */
  total: number;
  /** True when a search matched more than SEARCH_COUNT_LIMIT articles and `total` is that limit. */
  totalIsLimited: boolean;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  pageSize: number;
}
