// No typography plugin: the body's elements are styled from the wrapper. Serif text at a
// comfortable measure for reading, sans-serif headings, tables and notes like the rest of the site.
const bodyClasses = [
  "font-serif text-lg leading-8 break-words text-slate-800 dark:text-slate-200",
  "[&>*]:mt-6 [&>*:first-child]:mt-0",
  "[&_:is(h1,h2,h3,h4,h5,h6)]:font-sans [&_:is(h1,h2,h3,h4,h5,h6)]:font-bold [&_:is(h1,h2,h3,h4,h5,h6)]:tracking-tight [&_:is(h1,h2,h3,h4,h5,h6)]:text-slate-900 dark:[&_:is(h1,h2,h3,h4,h5,h6)]:text-white",
  "[&_h1]:mt-12 [&_h1]:text-3xl [&_h1]:leading-tight [&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:leading-snug [&_h3]:mt-10 [&_h3]:text-xl [&_:is(h4,h5,h6)]:mt-8 [&_:is(h4,h5,h6)]:text-lg",
  "[&_:is(strong,b)]:font-semibold [&_:is(strong,b)]:text-slate-900 dark:[&_:is(strong,b)]:text-white [&_u]:underline-offset-4",
  "[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-blue-900 dark:[&_a]:text-blue-300 dark:[&_a:hover]:text-blue-200",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:pl-7 [&_li]:mt-2 [&_li]:pl-1 [&_li_:is(ul,ol)]:mt-2 [&_li>p]:mt-0",
  "[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-0 [&_.md-checkbox]:mr-2 [&_.md-checkbox]:font-sans",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-blue-600 [&_blockquote]:pl-5 [&_blockquote]:text-slate-600 [&_blockquote]:italic dark:[&_blockquote]:border-blue-400 dark:[&_blockquote]:text-slate-300 [&_blockquote>*+*]:mt-4",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-slate-800",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100 dark:[&_pre]:bg-slate-950 dark:[&_pre]:ring-1 dark:[&_pre]:ring-slate-800",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-[1em]",
  "[&_.md-table]:overflow-x-auto [&_.md-table]:rounded-lg [&_.md-table]:border [&_.md-table]:border-slate-200 [&_.md-table]:font-sans [&_.md-table]:text-base [&_.md-table]:leading-6 dark:[&_.md-table]:border-slate-700 [&_.md-table:focus-visible]:outline-2 [&_.md-table:focus-visible]:outline-offset-2 [&_.md-table:focus-visible]:outline-blue-700",
  "[&_.md-table-row]:grid [&_.md-table-row]:min-w-max [&_.md-table-row]:auto-cols-fr [&_.md-table-row]:grid-flow-col [&_.md-table-row:not(:last-child)]:border-b [&_.md-table-row]:border-slate-200 dark:[&_.md-table-row]:border-slate-700",
  "[&_.md-table-cell]:px-3 [&_.md-table-cell]:py-2 [&_.md-table-head]:bg-slate-50 [&_.md-table-head]:font-semibold [&_.md-table-head]:text-slate-900 dark:[&_.md-table-head]:bg-slate-800 dark:[&_.md-table-head]:text-white",
  "[&_.md-rule]:my-10 [&_.md-rule]:border-t [&_.md-rule]:border-slate-200 dark:[&_.md-rule]:border-slate-700",
  // On paper: tables wrap instead of scrolling, blocks are not split across pages, and a link's address is printed.
  "print:[&_.md-table]:overflow-visible print:[&_.md-table-row]:min-w-0 print:[&_:is(.md-table-row,blockquote,pre,img)]:break-inside-avoid print:[&_:is(h1,h2,h3,h4,h5,h6)]:break-after-avoid print:[&_pre]:whitespace-pre-wrap",
  "print:[&_a[href^='http']]:after:content-['_('_attr(href)_')'] print:[&_a[href^='http']]:after:font-normal print:[&_a[href^='http']]:after:break-all",
  "[&_.md-strike]:line-through [&_.md-footnote-ref]:align-super [&_.md-footnote-ref]:font-sans [&_.md-footnote-ref]:text-xs",
  "[&_.md-footnotes]:mt-12 [&_.md-footnotes]:border-t [&_.md-footnotes]:border-slate-200 [&_.md-footnotes]:pt-6 [&_.md-footnotes]:text-base [&_.md-footnotes]:leading-7 dark:[&_.md-footnotes]:border-slate-700 [&_.md-footnotes_h2]:mt-0 [&_.md-footnotes_h2]:text-lg",
].join(" ");

/**
 * An article body (spec sections 5 and 8). `html` must be what the article service's
 * `renderArticleHtml` produced on the server: sanitized there, so it is trusted here as it is.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className={bodyClasses} dangerouslySetInnerHTML={{ __html: html }} />;
}
