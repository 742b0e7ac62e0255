-- Issue 22: a property saved before the province existed (or with it left empty) went to SES.
-- Take the province from the postal code in its address, as the form now does: a Catalan or
-- Basque flat must never be filed with SES for want of a select (REGIONAL-POLICE.md §1.2).
-- The last five-digit run in the address that is a valid postal code (01–52) decides.
UPDATE "properties" AS p
SET "province_code" = (
  SELECT substring(t.m[1] from 1 for 2)
  FROM regexp_matches(p."address", '(?<![0-9])((?:0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3})(?![0-9])', 'g') WITH ORDINALITY AS t(m, n)
  ORDER BY t.n DESC
  LIMIT 1
)
WHERE p."province_code" IS NULL
  AND p."address" ~ '(?<![0-9])(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}(?![0-9])';
