import { formatDate } from "#app/lib/dates.ts";

const countFormat = new Intl.NumberFormat("es-ES");
const averageFormat = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1, signDisplay: "exceptZero" });

export const formatCount = (value: number) => countFormat.format(value);
export const formatAverage = (value: number) => averageFormat.format(value);
export const formatPercent = (value: number) => `${percentFormat.format(value)} %`;

/** dd/MM for the chart's axis, where the year would crowd the labels. */
export const formatDayMonth = (isoDate: string) => formatDate(isoDate).slice(0, 5);

export const visitsLabel = (count: number) => `${formatCount(count)} ${count === 1 ? "visita" : "visitas"}`;
export const pagesLabel = (count: number) => `${formatCount(count)} ${count === 1 ? "página" : "páginas"}`;
