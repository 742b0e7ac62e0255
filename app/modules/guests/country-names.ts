import type { GuestLang } from "#app/modules/guests/guest-i18n.ts";

// Country names in the guest's language from the runtime's own CLDR data (Intl.DisplayNames),
// so French, German, Italian and Portuguese need no name tables of our own. Intl names regions
// by ISO 3166-1 alpha-2 while the registry uses alpha-3, hence the pairing below (alpha-3 then
// alpha-2, for the 249 codes of COUNTRIES in ses-codes.ts; checked by country-names.test.ts).

const PAIRS =
  "ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ " +
  "ATFTF ATGAG AUSAU AUTAT AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG " +
  "BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO BRABR BRBBB BRNBN BTNBT " +
  "BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG " +
  "COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE " +
  "DJIDJ DMADM DNKDK DOMDO DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET " +
  "FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB GEOGE GGYGG GHAGH GIBGI " +
  "GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY " +
  "HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR " +
  "IRQIQ ISLIS ISRIL ITAIT JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH " +
  "KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY LCALC LIELI LKALK LSOLS " +
  "LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH " +
  "MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU " +
  "MWIMW MYSMY MYTYT NAMNA NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO " +
  "NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE PHLPH PLWPW PNGPG POLPL " +
  "PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA " +
  "SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM " +
  "SRBRS SSDSS STPST SURSR SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC " +
  "TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO TTOTT TUNTN TURTR TUVTV " +
  "TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG " +
  "VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW";

const ALPHA2: ReadonlyMap<string, string> = new Map(
  PAIRS.trim()
    .split(/\s+/)
    .map((pair) => [pair.slice(0, 3), pair.slice(3)]),
);

export function alpha2Of(alpha3: string): string | undefined {
  return ALPHA2.get(alpha3);
}

const displayNames = new Map<GuestLang, Intl.DisplayNames>();

/** The region's name in that language from CLDR, or null when the runtime has none. */
export function intlCountryName(alpha3: string, lang: GuestLang): string | null {
  const alpha2 = ALPHA2.get(alpha3);
  if (!alpha2) return null;
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
    displayNames.set(lang, names);
  }
  return names.of(alpha2) ?? null;
}
