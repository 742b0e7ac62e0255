import { ChatDemoLauncher } from "#app/components/chat/chat-demo-launcher.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { Hero } from "#app/components/marketing/hero.tsx";
import { SectionBlock } from "#app/components/marketing/page-sections.tsx";
import { SectionShell, type SectionTone } from "#app/components/marketing/section.tsx";
import { faqPageJsonLd, pageMeta } from "#app/components/marketing/seo.ts";
import { assistantPageBlocks, assistantServiceJsonLd, chatDemoCopy } from "#app/content/assistant-page.ts";
import { assistantFaq, assistantPage as page } from "#app/content/chatbot.ts";

// /chatbot-apartamentos-turisticos (public-side §2 "Guest assistant page"). Prerendered: no
// loader. The page's copy is content data; the live chat demo is the one interactive block.

export function meta() {
  return pageMeta(page, { jsonLd: [assistantServiceJsonLd(), faqPageJsonLd(assistantFaq)] });
}

export default function ChatbotRoute() {
  let band = 0;
  const nextTone = (): SectionTone => (band++ % 2 === 1 ? "muted" : "plain");
  return (
    <>
      {assistantPageBlocks().map((block, index) => {
        if (block.kind === "chat-demo") return <ChatDemoSection key="chat-demo" tone={nextTone()} />;
        const { section } = block;
        const key = `${section.type}-${index}`;
        if (section.type === "hero") return <Hero key={key} section={section} h1={page.h1} source={page.source} />;
        if (section.type === "cta") {
          return <CtaBand key={key} heading={section.heading} text={section.text} actions={section.actions} source={page.source} />;
        }
        return <SectionBlock key={key} section={section} tone={nextTone()} source={page.source} />;
      })}
    </>
  );
}

function ChatDemoSection({ tone }: { tone: SectionTone }) {
  return (
    <SectionShell id="demo-chat" heading={chatDemoCopy.heading} intro={chatDemoCopy.text} tone={tone}>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
        <ChatDemoLauncher triggerLabel={chatDemoCopy.buttonLabel} title={chatDemoCopy.dialogTitle} description={chatDemoCopy.dialogDescription} />
        <p className="text-sm text-muted-foreground">{chatDemoCopy.hint}</p>
      </div>
    </SectionShell>
  );
}
