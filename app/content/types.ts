// Shared shapes for the marketing content. The content modules are plain, serialisable data
// (no JSX, no components) so that the route modules stay layout-only and the guest
// assistant can read the same text the visitor sees.

export type FaqItem = { question: string; answer: string };

export type Seo = {
  /** Unique across the site; shown in the browser tab and search results. */
  title: string;
  description: string;
  keywords: string[];
};

/** Explicit intrinsic size on every picture so the layout never shifts while it loads. */
export type ImageAsset = { src: string; alt: string; width: number; height: number };

/**
 * Icon names are strings so content stays free of React imports; the renderer maps them to
 * lucide icons in app/components/marketing/icon.tsx.
 */
export type IconName =
  | "activity"
  | "alarm"
  | "award"
  | "bell"
  | "bot"
  | "briefcase"
  | "building"
  | "calendar"
  | "camera-off"
  | "chart"
  | "check"
  | "cigarette"
  | "clipboard"
  | "clock"
  | "code"
  | "coins"
  | "cpu"
  | "credit-card"
  | "dashboard"
  | "door"
  | "droplets"
  | "euro"
  | "file-check"
  | "file-text"
  | "flame"
  | "gauge"
  | "globe"
  | "graduation"
  | "handshake"
  | "hard-hat"
  | "headphones"
  | "heart"
  | "home"
  | "hotel"
  | "key"
  | "languages"
  | "layers"
  | "leaf"
  | "lightbulb"
  | "lock"
  | "map-pin"
  | "message"
  | "mic-off"
  | "moon"
  | "navigation"
  | "network"
  | "package"
  | "piggy-bank"
  | "plug"
  | "qr"
  | "receipt"
  | "refresh"
  | "route"
  | "scale"
  | "server"
  | "shield"
  | "shield-house"
  | "shopping-bag"
  | "smartphone"
  | "snowflake"
  | "sparkles"
  | "star"
  | "target"
  | "thermometer"
  | "trending-up"
  | "truck"
  | "user-check"
  | "users"
  | "volume"
  | "washing"
  | "webhook"
  | "wifi"
  | "wind"
  | "wrench"
  | "zap";

/**
 * What a call-to-action button does. "demo" opens the page's demo-request dialog with the
 * page's source tag; "contact" opens the sales contact modal with its own source; "link"
 * navigates (an href starting with "#" scrolls within the page).
 */
export type Action =
  | { kind: "demo"; label: string; dialogTitle?: string; dialogDescription?: string }
  | { kind: "contact"; label: string; source: string }
  | { kind: "link"; label: string; href: string };

export type FeatureItem = { icon: IconName; title: string; text: string; href?: string };
export type StepItem = { title: string; text: string };
export type StatItem = { value: string; label: string };
export type Testimonial = { quote: string; author: string; role: string };
export type LinkCard = { href: string; title: string; text: string; image?: ImageAsset; icon?: IconName };
export type Hotspot = { id: string; x: number; y: number; title: string; text: string };
export type CarouselItem = { icon: IconName; title: string; text: string; detail: string };
export type IntegrationStatus = "Nativo" | "API" | "Webhook" | "En desarrollo" | "iCal" | "XML + Webhook";
export type IntegrationItem = { name: string; status: IntegrationStatus; description: string };
export type IntegrationCategory = { name: string; description: string; items: IntegrationItem[] };
export type ApiEndpoint = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; text: string };
export type StoryItem = { title: string; text: string; metric: string };
export type TimelineItem = { year: string; title: string; text: string };
export type ChecklistFeature = { label: string; href?: string; competitor: boolean };
export type CostLine = { label: string; amountEur: number };
export type CostColumn = { name: string; lines: CostLine[]; totalEur: number; highlight?: boolean };
export type AssistantPlan = {
  id: "basic" | "pro" | "enterprise";
  name: string;
  priceLabel: string;
  /** null when the price is agreed per customer (Enterprise). */
  priceEur: number | null;
  messagesLabel: string;
  features: string[];
};

type SectionBase = {
  /** Anchor for in-page links ("#precios"). */
  id?: string;
  heading: string;
  intro?: string;
};

export type HeroSection = {
  type: "hero";
  /** Anchor, like every other section, so code can look up `section.id` on any section. */
  id?: string;
  eyebrow?: string;
  lead: string;
  /** The first word must appear in the page h1; it is swapped with the others every 3 s. */
  rotatingWords?: string[];
  highlights?: string[];
  /** Text-only pages (FAQ, legal, contact) use a compact header without a picture. */
  image?: ImageAsset;
  actions: Action[];
};

export type Section =
  | HeroSection
  | (SectionBase & { type: "features"; items: FeatureItem[]; columns?: 2 | 3 | 4 })
  | (SectionBase & { type: "steps"; items: StepItem[] })
  | (SectionBase & { type: "stats"; items: StatItem[]; testimonial?: Testimonial })
  | (SectionBase & { type: "benefits"; items: StepItem[]; image?: ImageAsset })
  | (SectionBase & { type: "testimonial"; testimonial: Testimonial })
  | (SectionBase & { type: "faq"; items: FaqItem[]; footer?: { text: string; href: string; label: string } })
  | (SectionBase & { type: "accordion"; items: FaqItem[] })
  | (SectionBase & { type: "table"; caption: string; columns: string[]; rows: string[][]; note?: string })
  | (SectionBase & { type: "checklist"; columns: [string, string]; features: ChecklistFeature[] })
  | (SectionBase & { type: "costs"; columns: CostColumn[]; savingLabel: string; note?: string })
  | (SectionBase & { type: "cta"; text: string; actions: Action[] })
  | (SectionBase & {
      type: "demo";
      text: string;
      points: string[];
      action: Action;
      /** Show the lead form itself in the section instead of a button that opens it. */
      embedForm?: boolean;
    })
  | (SectionBase & { type: "cases"; vertical?: string; city?: string; limit?: number })
  | (SectionBase & { type: "links"; items: LinkCard[] })
  | (SectionBase & { type: "prose"; paragraphs: string[]; list?: string[]; image?: ImageAsset })
  | (SectionBase & { type: "carousel"; items: CarouselItem[] })
  | (SectionBase & { type: "hotspots"; image: ImageAsset; spots: Hotspot[] })
  | (SectionBase & { type: "integrations"; categories: IntegrationCategory[] })
  | (SectionBase & { type: "api"; baseUrl: string; endpoints: ApiEndpoint[]; note: string })
  | (SectionBase & { type: "chips"; items: string[] })
  | (SectionBase & { type: "timeline"; items: TimelineItem[] })
  | (SectionBase & { type: "stories"; items: StoryItem[] })
  | (SectionBase & { type: "plans"; plans: AssistantPlan[]; note?: string });

export type SectionType = Section["type"];

export type MarketingPage = {
  path: string;
  seo: Seo;
  h1: string;
  /** Source tag sent with every demo request made from this page (spec §9). */
  source: string;
  /** Short name used in breadcrumbs and structured data. */
  breadcrumb: string;
  /** Social preview picture; defaults to the site-wide one. */
  ogImage?: string;
  sections: Section[];
};
