import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/utils.ts";

// A section of a staff panel as a card: its heading and one line saying what it holds, an
// optional action beside them (wrapping under them on a phone), then the content, with the
// tighter padding of a phone. Users, devices, the door log, the web statistics and the device
// chart all use it.

export function PanelCard({
  title,
  titleAs: Title = "h2",
  titleId,
  description,
  action,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  /** The heading's level: h2 inside a page, h1 when the card is the page (Usuarios). */
  titleAs?: "h1" | "h2";
  titleId?: string;
  description: React.ReactNode;
  action?: React.ReactNode;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <>
      <Title id={titleId} className="text-lg font-semibold leading-tight">
        {title}
      </Title>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card>
      {action ? (
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 max-md:p-4">
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader className="max-md:p-4">{heading}</CardHeader>
      )}
      <CardContent className={cn("max-md:p-4 max-md:pt-0", contentClassName)}>{children}</CardContent>
    </Card>
  );
}

/** What a panel card says when its list is empty. */
export function PanelEmpty({ children }: { children: React.ReactNode }) {
  return <p className="py-8 text-center text-muted-foreground">{children}</p>;
}
