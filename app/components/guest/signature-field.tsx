import { Eraser } from "lucide-react";
import { useEffect, useRef } from "react";
import type SignaturePadType from "signature_pad";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import type { GuestMessages } from "#app/modules/guests/guest-i18n.ts";
import type { SignatureKind } from "#app/modules/guests/signature.ts";

// One guest's signature: drawn on a canvas with signature_pad (finger, pen or mouse), or typed
// with the keyboard. The typed option is a real alternative, not a fallback: it is stored as
// typed and shown as typed. Without JavaScript only the typed option exists.

// The pad is drawn at up to 2x density: sharp on a phone, and the PNG stays a few kilobytes.
const MAX_PIXEL_RATIO = 2;
const PAD_HEIGHT_PX = 160;

export type SignatureValue = { kind: SignatureKind | ""; image: string; name: string };

export function SignatureField({
  idPrefix,
  namePrefix,
  value,
  onChange,
  t,
  hydrated,
  error,
  legend,
  declaration,
}: {
  idPrefix: string;
  namePrefix: string;
  value: SignatureValue;
  onChange: (value: Partial<SignatureValue>) => void;
  t: GuestMessages;
  hydrated: boolean;
  error?: string;
  legend: string;
  /** What signing declares (RD 933/2021), stated beside the signature. */
  declaration: string;
}) {
  const kind: SignatureKind = hydrated ? (value.kind === "typed" ? "typed" : "drawn") : "typed";
  const errorId = `${idPrefix}-signature-error`;
  const declarationId = `${idPrefix}-signature-declaration`;
  return (
    // The error summary links here (tabIndex -1 so the link can focus it).
    <div id={`${idPrefix}-signature`} tabIndex={-1} className="grid gap-3 outline-none" data-signature-kind={kind}>
      <p id={declarationId} className="rounded-md border-l-4 border-primary bg-muted/50 px-3 py-2 text-sm">
        {declaration}
      </p>
      <fieldset className="grid gap-2" aria-describedby={[declarationId, error ? errorId : null].filter(Boolean).join(" ")}>
        <legend className="text-sm font-medium">
          {legend}
          <span aria-hidden="true"> *</span>
        </legend>
        <input type="hidden" name={`${namePrefix}.signatureKind`} value={kind} />
        {hydrated ? (
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {(["drawn", "typed"] as const).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  id={kind === option ? `${idPrefix}-signatureKind` : `${idPrefix}-signatureKind-${option}`}
                  name={`${idPrefix}-signature-mode`}
                  value={option}
                  checked={kind === option}
                  onChange={() => onChange({ kind: option })}
                  className="size-4 accent-primary"
                />
                {option === "drawn" ? t.signatureDrawOption : t.signatureTypeOption}
              </label>
            ))}
          </div>
        ) : null}
      </fieldset>
      {kind === "drawn" ? (
        <SignaturePadField idPrefix={idPrefix} namePrefix={namePrefix} image={value.image} onChange={(image) => onChange({ kind: "drawn", image })} t={t} />
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-signatureName`}>{t.signatureTypeLabel}</Label>
          <Input
            id={`${idPrefix}-signatureName`}
            name={`${namePrefix}.signatureName`}
            value={value.name}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={[declarationId, `${idPrefix}-signatureName-hint`, error ? errorId : null].filter(Boolean).join(" ")}
            onChange={(event) => onChange({ kind: "typed", name: event.target.value })}
            className="font-serif text-lg italic"
          />
          <p id={`${idPrefix}-signatureName-hint`} className="text-xs text-muted-foreground">
            {t.signatureTypeHint}
          </p>
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SignaturePadField({
  idPrefix,
  namePrefix,
  image,
  onChange,
  t,
}: {
  idPrefix: string;
  namePrefix: string;
  image: string;
  onChange: (image: string) => void;
  t: GuestMessages;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  const imageRef = useRef(image);
  imageRef.current = image;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    // Loaded on demand: only guests who draw pay for the library.
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (disposed) return;
      const pad = new SignaturePad(canvas, { penColor: "#0f172a", minWidth: 0.8, maxWidth: 2.6 });
      padRef.current = pad;
      const fit = () => {
        const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
        const width = canvas.offsetWidth;
        if (width === 0 || canvas.width === Math.round(width * ratio)) return;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(PAD_HEIGHT_PX * ratio);
        canvas.getContext("2d")?.scale(ratio, ratio);
        pad.clear();
        // Resizing wipes the canvas; the signature already given is drawn back in.
        if (imageRef.current) void pad.fromDataURL(imageRef.current, { ratio, width, height: PAD_HEIGHT_PX });
      };
      fit();
      observer = new ResizeObserver(fit);
      observer.observe(canvas);
      pad.addEventListener("endStroke", () => {
        onChangeRef.current(pad.isEmpty() ? "" : pad.toDataURL("image/png"));
      });
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  return (
    <div className="grid gap-1.5">
      <canvas
        ref={canvasRef}
        id={`${idPrefix}-signaturePad`}
        role="img"
        aria-label={t.signatureCanvasLabel}
        aria-describedby={`${idPrefix}-signaturePad-hint`}
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-input bg-white"
        style={{ height: PAD_HEIGHT_PX }}
      />
      <input type="hidden" name={`${namePrefix}.signatureImage`} value={image} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${idPrefix}-signaturePad-hint`} className="text-xs text-muted-foreground">
          {image ? t.signatureDrawnDone : t.signatureDrawHint}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!image}
          onClick={() => {
            padRef.current?.clear();
            onChange("");
          }}
        >
          <Eraser aria-hidden="true" /> {t.signatureClear}
        </Button>
      </div>
    </div>
  );
}
