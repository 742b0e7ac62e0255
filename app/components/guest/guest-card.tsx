import type * as React from "react";
import { useEffect, useMemo } from "react";
import { guestInputId, guestInputName } from "#app/components/guest/guest-form-data.ts";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { SearchableSelect } from "#app/components/guest/searchable-select.tsx";
import { useProvinceCatalog } from "#app/components/guest/use-province-catalog.ts";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { issueInputField } from "#app/components/guest/guest-error-summary.tsx";
import type { SelectOption } from "#app/components/guest/searchable-select.tsx";
import { charLength } from "#app/lib/text.ts";
import { guestMessages, type GuestLang, type GuestMessages } from "#app/modules/guests/guest-i18n.ts";
import {
  ADULT_AGE,
  GUEST_LIMITS,
  OLDEST_BIRTH_DATE,
  type GuestFormField,
  type GuestFormValues,
  type GuestIssue,
} from "#app/modules/guests/guests.schema.ts";
import { ageOn, isIsoDate } from "#app/modules/guests/identity.ts";
import {
  GUEST_DOCUMENT_TYPES,
  isSpanishIdDocument,
  KINSHIP_CODES,
  SEX_CODES,
  SPAIN,
  type GuestDocumentType,
} from "#app/modules/guests/ses-codes.ts";
import { SignatureField } from "#app/components/guest/signature-field.tsx";
import { SIGNATURE_MIN_AGE, type SignatureKind } from "#app/modules/guests/signature.ts";
import { cn } from "#app/lib/utils.ts";

export type ProvinceOption = { code: string; name: string };

export type GuestCardProps = {
  index: number;
  lang: GuestLang;
  values: GuestFormValues;
  onChange: (field: GuestFormField, value: string) => void;
  onChangeMany: (changes: Partial<GuestFormValues>) => void;
  checkInDate: string;
  today: string;
  provinces: readonly ProvinceOption[];
  /** This guest's problems (codes), each shown under its field in the current language. */
  issues: readonly GuestIssue[];
  /** Country options in the current language (the server's list for the page's own language). */
  countries: readonly SelectOption[];
  /** Municipalities sent back by the server after a post without JavaScript. */
  serverMunicipalities?: [string, string][];
  hydrated: boolean;
  /** The other guests who are adults on check-in: who may sign for a guest under 14. */
  adultSigners: readonly { position: number; name: string }[];
};

function Field({
  id,
  label,
  required,
  hint,
  error,
  counter,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** "48 de 50 caracteres", shown once a value nears its limit; red past it. */
  counter?: { text: string; over: boolean } | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {counter ? (
        <p id={`${id}-count`} className={cn("text-xs", counter.over ? "font-medium text-destructive" : "text-muted-foreground")}>
          {counter.text}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// A counter appears from this many characters before the limit: a guest with a long surname
// sees it coming, and a value past the limit is never cut, only flagged (ADR 0014).
const COUNTER_MARGIN = 10;

/** The character counter of a free-text field, or null while the value is far from its limit. */
function counterFor(t: GuestMessages, value: string, max: number): { text: string; over: boolean } | null {
  const count = charLength(value.trim());
  if (count < max - COUNTER_MARGIN) return null;
  return { text: t.charCounter(count, max), over: count > max };
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function GuestCard(props: GuestCardProps) {
  const { index, lang, values, onChange, onChangeMany, checkInDate, today, provinces, issues, countries, hydrated, adultSigners } = props;
  const t = guestMessages[lang];
  const ui = guestUiText[lang];
  const position = index + 1;
  const id = (field: GuestFormField) => guestInputId(index, field);
  const name = (field: GuestFormField) => guestInputName(index, field);
  const issueFor = (field: GuestFormField) => issues.find((issue) => issueInputField(issue) === field);
  const errorFor = (field: GuestFormField) => {
    const issue = issueFor(field);
    return issue ? t.issueText(issue) : undefined;
  };
  const contactHintId = `guest-${position}-contact-hint`;
  /** Free-text fields with a registry limit: a counter near it, never a maxLength that cuts. */
  const limits: Partial<Record<GuestFormField, number>> = {
    givenName: GUEST_LIMITS.givenName,
    firstSurname: GUEST_LIMITS.firstSurname,
    secondSurname: GUEST_LIMITS.secondSurname,
    addressStreet: GUEST_LIMITS.addressStreet,
    addressProvince: GUEST_LIMITS.addressProvince,
    addressMunicipalityName: GUEST_LIMITS.addressMunicipalityName,
  };
  const counter = (field: GuestFormField) => {
    const max = limits[field];
    return max === undefined ? null : counterFor(t, values[field], max);
  };
  const input = (field: GuestFormField, hint = false, extraDescription?: string) => ({
    id: id(field),
    name: name(field),
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(field, event.target.value),
    "aria-invalid": issueFor(field) ? true : undefined,
    "aria-describedby":
      [extraDescription, counter(field) ? `${id(field)}-count` : null, describedBy(id(field), hint, issueFor(field) !== undefined)].filter(Boolean).join(" ") ||
      undefined,
  });

  const documentType = values.documentType as GuestDocumentType | "";
  const birthDateKnown = isIsoDate(values.birthDate) && values.birthDate >= OLDEST_BIRTH_DATE && values.birthDate <= today;
  const isMinor = birthDateKnown && ageOn(values.birthDate, checkInDate) < ADULT_AGE;
  const signedForByAdult = birthDateKnown && ageOn(values.birthDate, checkInDate) < SIGNATURE_MIN_AGE;
  // Without JavaScript the age is unknown while typing, so the signer question is always shown.
  const showSignedBy = !hydrated || signedForByAdult;
  // Without JavaScript nothing can appear or disappear, so every conditional field is shown
  // with a hint saying when it applies.
  const showSupport = !hydrated || isSpanishIdDocument(documentType || null);
  const showKinship = !hydrated || isMinor;
  const inSpain = values.addressCountry === SPAIN || values.addressCountry === "";
  const showSpanishAddress = !hydrated || inSpain;
  const showForeignAddress = !hydrated || !inSpain;

  const catalog = useProvinceCatalog(values.addressProvince, hydrated && inSpain);
  const postalCode = values.addressPostalCode.replace(/\s+/g, "");
  const suggested = useMemo(() => {
    if (catalog.status !== "ready" || !/^\d{5}$/.test(postalCode)) return [];
    const codes = catalog.catalog.postalCodes[postalCode] ?? [];
    return catalog.catalog.municipalities.filter(([code]) => codes.includes(code));
  }, [catalog, postalCode]);
  const municipalities: [string, string][] =
    catalog.status === "ready" ? catalog.catalog.municipalities : (props.serverMunicipalities ?? []);

  function changeCountry(next: string) {
    const wasSpain = values.addressCountry === SPAIN;
    const isSpain = next === SPAIN;
    // A Spanish province is an INE code, a foreign one free text: switching starts them afresh.
    if (wasSpain !== isSpain && values.addressCountry !== "") {
      onChangeMany({ addressCountry: next, addressProvince: "", addressMunicipalityCode: "", addressMunicipalityName: "" });
    } else onChange("addressCountry", next);
  }

  function changeProvince(next: string) {
    const keep = next !== "" && values.addressMunicipalityCode.startsWith(next);
    onChangeMany({ addressProvince: next, addressMunicipalityCode: keep ? values.addressMunicipalityCode : "" });
  }

  function changePostalCode(next: string) {
    const changes: Partial<GuestFormValues> = { addressPostalCode: next };
    const digits = next.replace(/\s+/g, "");
    if (inSpain && /^\d{5}$/.test(digits)) {
      const prefix = digits.slice(0, 2);
      // The postal code's first two digits are the province almost everywhere; only an empty
      // province is filled in, never one the guest chose.
      if (values.addressProvince === "" && provinces.some((province) => province.code === prefix)) changes.addressProvince = prefix;
      if (catalog.status === "ready" && (changes.addressProvince ?? values.addressProvince) === catalog.catalog.code) {
        const candidates = (catalog.catalog.postalCodes[digits] ?? []).filter((code) => code.startsWith(catalog.catalog.code));
        if (candidates.length === 1 && !candidates.includes(values.addressMunicipalityCode)) {
          changes.addressMunicipalityCode = candidates[0];
        }
      }
    }
    onChangeMany(changes);
  }

  // When the catalogue arrives after the postal code was typed, apply the same suggestion once.
  const pendingSuggestion =
    catalog.status === "ready" && values.addressMunicipalityCode === "" && suggested.length === 1 ? suggested[0][0] : null;
  useEffect(() => {
    if (pendingSuggestion !== null) onChange("addressMunicipalityCode", pendingSuggestion);
    // Only a new suggestion should apply it; the handler's identity changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingSuggestion]);

  const headingId = `guest-${position}-title`;
  const sectionTitle = "mb-3 text-sm font-semibold uppercase tracking-wide text-primary";
  const contactRequiredPhone = values.email.trim() === "";
  const contactRequiredEmail = values.phone.trim() === "";

  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card shadow-sm">
      <h3 id={headingId} className="rounded-t-xl border-b bg-secondary px-4 py-3 text-base font-semibold text-secondary-foreground sm:px-6">
        {t.guestCardTitle(position)}
      </h3>
      <div className="grid gap-6 p-4 sm:p-6">
        <fieldset className="grid gap-4">
          <legend className={sectionTitle}>{t.sectionPersonal}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("givenName")} label={t.fieldLabels.givenName} required error={errorFor("givenName")} counter={counter("givenName")}>
              <Input {...input("givenName")} autoComplete={index === 0 ? "given-name" : "off"} />
            </Field>
            <Field id={id("firstSurname")} label={t.fieldLabels.firstSurname} required error={errorFor("firstSurname")} counter={counter("firstSurname")}>
              <Input {...input("firstSurname")} autoComplete={index === 0 ? "family-name" : "off"} />
            </Field>
            <Field
              id={id("secondSurname")}
              label={t.fieldLabels.secondSurname}
              required={documentType === "DNI"}
              error={errorFor("secondSurname")}
              counter={counter("secondSurname")}
            >
              <Input {...input("secondSurname")} autoComplete="off" />
            </Field>
            <Field id={id("sex")} label={t.fieldLabels.sex} required error={errorFor("sex")}>
              <NativeSelect {...input("sex")}>
                <option value="">{t.selectPlaceholder}</option>
                {SEX_CODES.map((sex) => (
                  <option key={sex.code} value={sex.code}>
                    {t.sexLabel(sex.code)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={id("birthDate")} label={t.fieldLabels.birthDate} required error={errorFor("birthDate")}>
              <Input {...input("birthDate")} type="date" min={OLDEST_BIRTH_DATE} max={today} autoComplete={index === 0 ? "bday" : "off"} />
            </Field>
            <Field id={id("nationality")} label={t.fieldLabels.nationality} required error={errorFor("nationality")}>
              <SearchableSelect
                id={id("nationality")}
                name={name("nationality")}
                value={values.nationality}
                onChange={(value) => onChange("nationality", value)}
                options={countries}
                placeholder={t.selectPlaceholder}
                searchLabel={ui.search(t.fieldLabels.nationality)}
                noMatches={ui.noSearchMatches}
                invalid={issueFor("nationality") !== undefined}
                describedBy={describedBy(id("nationality"), false, issueFor("nationality") !== undefined)}
              />
            </Field>
            {showKinship ? (
              <Field
                id={id("kinship")}
                label={t.fieldLabels.kinship}
                required={hydrated}
                hint={hydrated ? t.kinshipHint : `${ui.kinshipOnlyMinors}. ${t.kinshipHint}`}
                error={errorFor("kinship")}
                className="sm:col-span-2"
              >
                <NativeSelect {...input("kinship", true)}>
                  <option value="">{t.selectPlaceholder}</option>
                  {KINSHIP_CODES.map((kinship) => (
                    <option key={kinship.code} value={kinship.code}>
                      {t.kinshipLabel(kinship.code)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className={sectionTitle}>{t.sectionDocument}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("documentType")}
              label={t.fieldLabels.documentType}
              required={!isMinor}
              hint={isMinor ? t.documentOptionalForMinorsHint : undefined}
              error={errorFor("documentType")}
            >
              <NativeSelect {...input("documentType", isMinor)}>
                <option value="">{t.selectPlaceholder}</option>
                {GUEST_DOCUMENT_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {t.documentTypeLabel(type.value)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={id("documentNumber")} label={t.fieldLabels.documentNumber} required={!isMinor} error={errorFor("documentNumber")}>
              <Input
                {...input("documentNumber")}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) => onChange("documentNumber", event.target.value.toUpperCase())}
              />
            </Field>
            {showSupport ? (
              <Field
                id={id("documentSupport")}
                label={t.fieldLabels.documentSupport}
                required={hydrated}
                hint={t.documentSupportHint}
                error={errorFor("documentSupport")}
              >
                <Input
                  {...input("documentSupport", true)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(event) => onChange("documentSupport", event.target.value.toUpperCase())}
                />
              </Field>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className={sectionTitle}>{t.sectionContact}</legend>
          <p id={contactHintId} className="-mt-1 text-xs text-muted-foreground">
            {t.contactHint}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("phone")} label={t.fieldLabels.phone} required={contactRequiredPhone} error={errorFor("phone")}>
              <Input {...input("phone", false, contactHintId)} type="tel" inputMode="tel" autoComplete={index === 0 ? "tel" : "off"} />
            </Field>
            <Field id={id("email")} label={t.fieldLabels.email} required={contactRequiredEmail} error={errorFor("email")}>
              <Input {...input("email", false, contactHintId)} type="email" inputMode="email" autoComplete={index === 0 ? "email" : "off"} />
            </Field>
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className={sectionTitle}>{t.sectionAddress}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("addressStreet")}
              label={t.fieldLabels.addressStreet}
              required
              error={errorFor("addressStreet")}
              counter={counter("addressStreet")}
              className="sm:col-span-2"
            >
              <Input {...input("addressStreet")} autoComplete={index === 0 ? "street-address" : "off"} />
            </Field>
            <Field id={id("addressCountry")} label={t.fieldLabels.addressCountry} required error={errorFor("addressCountry")} className="sm:col-span-2">
              <SearchableSelect
                id={id("addressCountry")}
                name={name("addressCountry")}
                value={values.addressCountry}
                onChange={changeCountry}
                options={countries}
                placeholder={t.selectPlaceholder}
                searchLabel={ui.search(t.fieldLabels.addressCountry)}
                noMatches={ui.noSearchMatches}
                invalid={issueFor("addressCountry") !== undefined}
                describedBy={describedBy(id("addressCountry"), false, issueFor("addressCountry") !== undefined)}
              />
            </Field>

            {showSpanishAddress ? (
              <>
                <Field
                  id={id("addressProvince")}
                  label={t.fieldLabels.addressProvince}
                  required={hydrated}
                  hint={hydrated ? undefined : ui.onlyInSpain}
                  error={errorFor("addressProvince")}
                >
                  <NativeSelect {...input("addressProvince", !hydrated)} onChange={(event) => changeProvince(event.target.value)}>
                    <option value="">{t.selectPlaceholder}</option>
                    {provinces.map((province) => (
                      <option key={province.code} value={province.code}>
                        {province.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field
                  id={id("addressMunicipalityCode")}
                  label={t.fieldLabels.addressMunicipality}
                  required={hydrated}
                  hint={
                    !hydrated
                      ? ui.municipalityFromPostalCode
                      : catalog.status === "loading"
                        ? ui.loadingMunicipalities
                        : catalog.status === "error"
                          ? ui.municipalityLoadError
                          : values.addressProvince === ""
                            ? t.selectProvinceFirst
                            : undefined
                  }
                  error={errorFor("addressMunicipalityCode")}
                >
                  <NativeSelect
                    {...input("addressMunicipalityCode", true)}
                    disabled={hydrated && catalog.status !== "ready"}
                  >
                    <option value="">{t.selectPlaceholder}</option>
                    {suggested.length > 0 ? (
                      <optgroup label={t.postalCodeSuggestions}>
                        {suggested.map(([code, municipality]) => (
                          <option key={`s-${code}`} value={code}>
                            {municipality}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                    {municipalities
                      .filter(([code]) => !suggested.some(([suggestion]) => suggestion === code))
                      .map(([code, municipality]) => (
                        <option key={code} value={code}>
                          {municipality}
                        </option>
                      ))}
                  </NativeSelect>
                </Field>
              </>
            ) : null}

            {showForeignAddress ? (
              <>
                {hydrated ? (
                  <Field
                    id={id("addressProvince")}
                    label={`${t.fieldLabels.addressProvince} (${ui.optional})`}
                    error={errorFor("addressProvince")}
                    counter={counter("addressProvince")}
                  >
                    <Input {...input("addressProvince")} autoComplete="off" />
                  </Field>
                ) : null}
                <Field
                  id={id("addressMunicipalityName")}
                  label={t.fieldLabels.addressCity}
                  required={hydrated}
                  hint={hydrated ? undefined : ui.onlyAbroad}
                  error={errorFor("addressMunicipalityName")}
                  counter={counter("addressMunicipalityName")}
                >
                  <Input {...input("addressMunicipalityName", !hydrated)} autoComplete={index === 0 ? "address-level2" : "off"} />
                </Field>
              </>
            ) : null}

            <Field id={id("addressPostalCode")} label={t.fieldLabels.addressPostalCode} required error={errorFor("addressPostalCode")}>
              <Input
                {...input("addressPostalCode")}
                inputMode={inSpain && hydrated ? "numeric" : "text"}
                autoComplete={index === 0 ? "postal-code" : "off"}
                onChange={(event) => changePostalCode(event.target.value)}
              />
            </Field>
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className={sectionTitle}>{t.sectionSignature}</legend>
          {showSignedBy ? (
            <Field
              id={id("signedBy")}
              label={t.fieldLabels.signedBy}
              required={hydrated}
              hint={hydrated ? t.signedByHint : `${ui.signedByOnlyUnder14}. ${t.signedByHint}`}
              error={errorFor("signedBy")}
            >
              <NativeSelect {...input("signedBy", true)}>
                <option value="">{t.selectPlaceholder}</option>
                {(hydrated ? adultSigners.filter((adult) => adult.position !== position) : allPositions(position)).map((adult) => (
                  <option key={adult.position} value={String(adult.position)}>
                    {t.signedByOption(adult.position, adult.name)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <SignatureField
            idPrefix={`guest-${position}`}
            namePrefix={`guests[${index}]`}
            value={{ kind: values.signatureKind as SignatureKind | "", image: values.signatureImage, name: values.signatureName }}
            onChange={(changes) =>
              onChangeMany({
                ...(changes.kind !== undefined ? { signatureKind: changes.kind } : {}),
                ...(changes.image !== undefined ? { signatureImage: changes.image } : {}),
                ...(changes.name !== undefined ? { signatureName: changes.name } : {}),
              })
            }
            t={t}
            hydrated={hydrated}
            error={errorFor("signatureKind")}
            legend={signedForByAdult ? t.signatureLegendForMinor : t.signatureLegend}
            declaration={signedForByAdult ? t.signatureDeclarationForMinor : t.signatureDeclaration}
          />
        </fieldset>
      </div>
    </section>
  );
}

/** Without JavaScript every other position is offered; the server checks it names an adult. */
function allPositions(own: number): { position: number; name: string }[] {
  return Array.from({ length: 10 }, (_, i) => ({ position: i + 1, name: "" })).filter((p) => p.position !== own);
}
