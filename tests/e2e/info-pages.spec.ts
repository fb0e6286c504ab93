import { accessibilityViolations, expect, test } from "./fixtures";

const INFO_PAGES = [
  { path: "/about", title: "About Us | Byline", heading: "About Byline" },
  { path: "/careers", title: "Careers | Byline", heading: "Join the Byline team" },
  { path: "/contact", title: "Contact Us | Byline", heading: "Contact Us" },
  { path: "/advertise", title: "Advertise | Byline", heading: "Advertise with Byline" },
  { path: "/terms", title: "Terms of Service | Byline", heading: "Terms of Service" },
  { path: "/privacy", title: "Privacy Policy | Byline", heading: "Privacy Policy" },
  { path: "/cookie-policy", title: "Cookie Policy | Byline", heading: "Cookie Policy" },
];

const POLICY_PAGES = ["/terms", "/privacy", "/cookie-policy"];

test.describe("info pages", () => {
  for (const { path, title, heading } of INFO_PAGES) {
    test(`${path} answers 200 with its title and one h1`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    });
  }

  for (const path of POLICY_PAGES) {
    test(`${path} is dated January 15, 2025 and says children under 13 are not targeted`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText("Last updated: January 15, 2025")).toBeVisible();
      await expect(page.getByText(/not targeted at children under 13/)).toBeVisible();
    });
  }

  for (const path of ["/privacy", "/cookie-policy"]) {
    test(`${path} says persistent cookies last 30 days to 2 years`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(/persistent cookies[^.]* last from 30 days to 2 years/i).first()).toBeVisible();
    });
  }

  test("/privacy describes what the site really stores", async ({ page }) => {
    await page.goto("/privacy");
    await expect(
      page.getByText(/local storage: your light or dark theme preference, and the time of your last visit/),
    ).toBeVisible();
    await expect(page.getByText(/unsubscribe link that ends your subscription/)).toBeVisible();
    await expect(page.getByText(/configured with an advertising network/)).toBeVisible();
    // Reading figures (decision 032): what is counted, how, and what is kept.
    const readingFigures = page.getByRole("region", { name: "Reading figures" });
    await expect(readingFigures.getByText(/We set no cookie for this/)).toBeVisible();
    await expect(readingFigures.getByText(/The secret is replaced at midnight and the old one is thrown away/)).toBeVisible();
    await expect(readingFigures.getByText(/only a number per article per day/)).toBeVisible();
  });

  test("/about names the categories and how AI-assisted drafts are handled", async ({ page }) => {
    await page.goto("/about");
    for (const category of ["AI", "Mobile", "Startups", "Cloud", "Gadgets", "Software", "Security"]) {
      await expect(page.getByRole("link", { name: new RegExp(`^${category} `) })).toHaveAttribute(
        "href",
        `/category/${category.toLowerCase()}`,
      );
    }
    await expect(page.getByText(/carries an "AI-assisted" label/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "See open positions" })).toHaveAttribute("href", "/careers");
  });
});

test.describe("careers", () => {
  test("lists the benefits and three remote, full-time positions with Apply Now mail links", async ({ page }) => {
    await page.goto("/careers");
    for (const benefit of ["Remote-first", "Growth", "Health and wellness", "Work-life balance"]) {
      await expect(page.getByRole("heading", { level: 3, name: benefit })).toBeVisible();
    }

    const positions = [
      { title: "Senior Technology Reporter", department: "Editorial" },
      { title: "Social Media Manager", department: "Marketing" },
      { title: "Full-Stack Developer", department: "Engineering" },
    ];
    const openPositions = page.getByRole("region", { name: "Open positions" });
    for (const { title, department } of positions) {
      const card = openPositions.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card.getByRole("list", { name: "Role details" })).toHaveText([department, "Remote", "Full-time"].join(""));
      const apply = card.getByRole("link", { name: `Apply Now for ${title}` });
      await expect(apply).toHaveText("Apply Now for " + title);
      const href = await apply.getAttribute("href");
      expect(href).toMatch(/^mailto:careers@byline\.example\?subject=/);
      expect(decodeURIComponent(new URL(href!).searchParams.get("subject")!)).toBe(`Application: ${title}`);
    }
    await expect(openPositions.getByRole("link", { name: /^Apply Now/ })).toHaveCount(3);

    await expect(page.getByRole("link", { name: "Send a general application" })).toHaveAttribute(
      "href",
      /^mailto:careers@byline\.example\?subject=General%20Application/,
    );
  });
});

test.describe("advertise", () => {
  test("shows the audience claims, the breakdown, four priced packages and the mail links", async ({ page }) => {
    await page.goto("/advertise");
    const stats = page.getByRole("region", { name: "Audience at a glance" });
    for (const [value, label] of [
      ["50K+", "Monthly Readers"],
      ["85%", "Engagement Rate"],
      ["40+", "Countries"],
      ["25%", "Monthly Growth"],
    ] as const) {
      await expect(stats.getByRole("definition").filter({ hasText: value })).toBeVisible();
      await expect(stats.getByRole("term").filter({ hasText: label })).toBeVisible();
    }

    const breakdown = page.getByRole("region", { name: "Our audience" }).getByRole("listitem");
    await expect(breakdown).toHaveCount(4);
    await expect(breakdown.getByText(/^\d+%$/)).toHaveText(["35%", "28%", "20%", "17%"]);

    const packages = page.getByRole("region", { name: "Advertising packages" });
    for (const [name, price] of [
      ["Banner Advertising", "From $500/month"],
      ["Sponsored Articles", "$1,500 per article"],
      ["Newsletter Sponsorship", "$800 per edition"],
      ["Custom Campaigns", "Priced on request"],
    ] as const) {
      const card = packages.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      const learnMore = card.getByRole("link", { name: `Learn More about ${name}` });
      const href = (await learnMore.getAttribute("href"))!;
      expect(href).toMatch(/^mailto:ads@byline\.example\?/);
      expect(new URL(href).searchParams.get("subject")).toBe(`Advertising inquiry: ${name}`);
    }

    await expect(page.getByRole("region", { name: "Success stories" }).getByRole("heading", { level: 3 })).toHaveCount(3);
    for (const name of ["Get Started", "Request Media Kit", "Contact Our Ad Team"]) {
      await expect(page.getByRole("link", { name })).toHaveAttribute("href", /^mailto:ads@byline\.example\?subject=/);
    }
  });

  test("a package expands and collapses", async ({ page }) => {
    await page.goto("/advertise");
    const toggle = page.getByRole("button", { name: "Show details of Sponsored Articles" });
    const details = page.getByText("Clearly labelled as sponsored");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(details).toBeHidden();

    await toggle.click();
    const open = page.getByRole("button", { name: "Hide details of Sponsored Articles" });
    await expect(open).toHaveAttribute("aria-expanded", "true");
    await expect(details).toBeVisible();
    const controlled = await open.getAttribute("aria-controls");
    await expect(page.locator(`[id="${controlled}"]`)).toContainText("Clearly labelled as sponsored");
    await expect(page.getByText("Leaderboard, sidebar and in-article placements")).toBeHidden();

    await open.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(details).toBeHidden();
  });
});

test.describe("contact", () => {
  test("the three cards open mail drafts and the subject list is the spec's", async ({ page }) => {
    await page.goto("/contact");
    for (const [title, address] of [
      ["Email Us", "hello@byline.example"],
      ["Story Tips", "tips@byline.example"],
      ["Press Inquiries", "press@byline.example"],
    ] as const) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card.getByRole("link", { name: address })).toHaveAttribute("href", new RegExp(`^mailto:${address}`));
    }
    for (const label of ["Full Name", "Email Address", "Subject", "Message"])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Subject", { exact: true }).getByRole("option")).toHaveText([
      "Choose a subject",
      "General Inquiry",
      "Story Tip",
      "Press Inquiry",
      "Technical Issue",
      "Partnership Opportunity",
      "Feedback",
      "Other",
    ]);
  });

  test("an empty form asks for all required fields", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields.");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("a malformed address is refused", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await page.getByLabel("Full Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email Address", { exact: true }).fill("ada@example");
    await page.getByLabel("Subject", { exact: true }).selectOption("General Inquiry");
    await page.getByLabel("Message", { exact: true }).fill("Hello!");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(page.getByLabel("Email Address", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Ada Lovelace");
  });

  test("a valid message opens the mail client, confirms and clears the form", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await page.getByLabel("Full Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Subject", { exact: true }).selectOption("Story Tip");
    await page.getByLabel("Message", { exact: true }).fill("A lead about a new chip.");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("status")).toHaveText(
      "Your email client should open now. If it doesn't, please send your message directly to tips@byline.example.",
    );
    await expect(page.getByRole("alert")).toHaveText("");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("packages are readable and open natively", async ({ page }) => {
    await page.goto("/advertise");
    await page.getByText("Show details of Banner Advertising").click();
    await expect(page.getByText("Leaderboard, sidebar and in-article placements")).toBeVisible();
  });

  test("the contact page shows where to write instead of a form that cannot send", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();
    await expect(page.getByText(/With JavaScript turned off, please email us directly at hello@byline\.example/)).toBeVisible();
    await page.getByLabel("Full Name", { exact: true }).fill("Still usable");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Still usable");
  });
});

test.describe("accessibility", () => {
  for (const { path } of INFO_PAGES) {
    test(`${path} has no violations in the light theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(path);
      await expect(page.locator("html")).not.toHaveClass(/dark/);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test(`${path} has no violations in the dark theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(/dark/);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test("contact form messages and an expanded package stay accessible", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).not.toHaveText("");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto("/advertise");
    await page.getByRole("button", { name: "Show details of Newsletter Sponsorship" }).click();
    await expect(page.getByText("Open and click report after each edition")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
