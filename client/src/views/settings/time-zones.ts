// The IANA zones the browser knows, each with a pt-BR label: the city (from the id), the zone's
// name in Portuguese ("Horário de Brasília") and its current offset, so a person finds theirs by
// city or by name. Brazil's zones come first.
export interface TimeZoneOption {
  value: string;
  label: string;
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

function partOf(zone: string, now: Date, style: 'longGeneric' | 'shortOffset'): string {
  try {
    const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, timeZoneName: style }).formatToParts(
      now,
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The city of a zone id: "America/Sao_Paulo" → "Sao Paulo" (the id has no accents). */
function cityOf(zone: string): string {
  const parts = zone.split('/');
  return parts.slice(1).join(' / ').replace(/_/g, ' ') || zone;
}

export function timeZoneLabel(zone: string, now: Date): string {
  const name = partOf(zone, now, 'longGeneric');
  const offset = partOf(zone, now, 'shortOffset');
  return [cityOf(zone), name && name !== offset ? `— ${name}` : '', offset ? `(${offset})` : '']
    .filter(Boolean)
    .join(' ');
}

export function timeZoneOptions(now: Date, current?: string): TimeZoneOption[] {
  const zones = new Set(supportedZones());
  // The stored zone is always offered, even if this browser does not list it (an alias).
  if (current) zones.add(current);
  const all = [...zones].map((zone) => ({ value: zone, label: timeZoneLabel(zone, now) }));
  const brazil = (zone: string) =>
    /^America\/(Sao_Paulo|Manaus|Recife|Fortaleza|Bahia|Belem|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Noronha|Maceio|Araguaina|Santarem|Eirunepe)$/.test(
      zone,
    );
  return all.sort(
    (a, b) => Number(brazil(b.value)) - Number(brazil(a.value)) || a.label.localeCompare(b.label, 'pt-BR'),
  );
}
