import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { NEWSLETTER_ANCHOR } from "../newsletter-signup";
import { ThemeToggle } from "../theme";
import { HeaderSearch } from "./header-search";
import { NotificationsBell } from "./notifications-bell";
import { useDismiss } from "./use-dismiss";
import { useSite } from "./use-site";

/** The spec's header navigation. */
const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/category/ai", label: "AI" },
  { href: "/category/startups", label: "Startups" },
  { href: "/category/mobile", label: "Mobile" },
  { href: "/category/cloud", label: "Cloud" },
  { href: "/category/security", label: "Security" },
];

/** The header gains its shadow and blur after this much scrolling. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** Scrolls to the page's newsletter block when there is one; otherwise the link goes to /#newsletter. */
function goToNewsletter(event: MouseEvent<HTMLAnchorElement>) {
  const block = document.getElementById(NEWSLETTER_ANCHOR);
  if (!block) return;
  event.preventDefault();
  block.scrollIntoView({ behavior: "smooth", block: "center" });
  block.querySelector<HTMLInputElement>("input[type=email]")?.focus({ preventScroll: true });
}

export function SiteHeader() {
  const { site, headlines } = useSite();
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const isCurrent = (href: string) => (href === "/" ? pathname === "/" : pathname.toLowerCase().startsWith(href));

  return (
    <header
      className={`sticky top-0 z-40 border-b transition-shadow ${
        scrolled
          ? "border-slate-200 bg-white/80 shadow-md backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/80"
          : "border-transparent bg-white dark:bg-slate-950"
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
        <a href="/" className="shrink-0 text-2xl font-extrabold tracking-tight">
          {site.name}
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={isCurrent(link.href) ? "page" : undefined}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-blue-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-blue-300"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden w-full max-w-xs md:block">
          <HeaderSearch id="header-search" />
        </div>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <ThemeToggle />
          <NotificationsBell headlines={headlines} />
          <a
            href={`/#${NEWSLETTER_ANCHOR}`}
            onClick={goToNewsletter}
            className="ml-1 hidden rounded-full bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 sm:inline-block"
          >
            Subscribe
          </a>
          <MobileMenu isCurrent={isCurrent} />
        </div>
      </div>
    </header>
  );
}

/** The small-screen menu: navigation, search and Subscribe. A native disclosure, so it works without JavaScript. */
function MobileMenu({ isCurrent }: { isCurrent: (href: string) => boolean }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, []);
  useDismiss(detailsRef, open, close);

  return (
    <details ref={detailsRef} onToggle={() => setOpen(Boolean(detailsRef.current?.open))} className="lg:hidden">
      <summary
        aria-label={open ? "Close menu" : "Open menu"}
        className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-3 pb-5 shadow-lg dark:border-slate-800 dark:bg-slate-950">
        <div className="md:hidden">
          <HeaderSearch id="mobile-search" />
        </div>
        <nav aria-label="Mobile" className="mt-3">
          <ul className="grid gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={isCurrent(link.href) ? "page" : undefined}
                  className="block rounded-lg px-3 py-2 font-medium hover:bg-slate-100 aria-[current=page]:text-blue-700 dark:hover:bg-slate-800 dark:aria-[current=page]:text-blue-300"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={`/#${NEWSLETTER_ANCHOR}`}
          onClick={(event) => {
            close();
            goToNewsletter(event);
          }}
          className="mt-3 block rounded-lg bg-blue-600 px-4 py-2 text-center font-semibold text-white hover:bg-blue-700 sm:hidden"
        >
          Subscribe
        </a>
      </div>
    </details>
  );
}
