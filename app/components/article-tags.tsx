import { tagPath, type TagLink } from "~/utils/tags";

/** An article's tags under its body, each a link to the tag's page; nothing when it has none. */
export function ArticleTags({ tags }: { tags: readonly TagLink[] }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Tags" className="mt-8 print:hidden">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <a
              href={tagPath(tag.slug)}
              className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:border-blue-700 hover:text-blue-700 dark:border-slate-700 dark:text-slate-200 dark:hover:border-blue-300 dark:hover:text-blue-300"
            >
              {tag.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
