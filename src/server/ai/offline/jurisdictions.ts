/**
 * Which U.S. state (or DC) a member's words name: the state's name, its postal code where it
 * cannot be an ordinary word, the usual written abbreviations, and the big cities people name
 * instead of their state. The last mention wins, so "I moved from Texas to Ohio" is about Ohio.
 */

interface Names {
  /** Written names and abbreviations, matched whole and case-insensitively. */
  names: string[];
  /** Cities people name instead of the state; one marked "@" is also a first name or a word, and counts only after "in", "near", "from", "to" or "at". */
  cities: string[];
}

/** Names of each jurisdiction; the postal codes are matched separately (`POSTAL_CODE`). */
const NAMES = {
  AL: { names: ["Alabama", "Ala."], cities: ["Birmingham", "Montgomery", "Huntsville", "Mobile, AL"] },
  AK: { names: ["Alaska"], cities: ["Anchorage", "Fairbanks", "Juneau"] },
  AZ: { names: ["Arizona", "Ariz."], cities: ["@Phoenix", "Tucson", "@Mesa", "Scottsdale", "Tempe", "Chandler"] },
  AR: { names: ["Arkansas", "Ark."], cities: ["Little Rock", "Fayetteville, AR"] },
  CA: {
    names: ["California", "Calif.", "Cali"],
    cities: [
      "Los Angeles",
      "San Francisco",
      "San Diego",
      "San Jose",
      "Oakland",
      "Sacramento",
      "Fresno",
      "Long Beach",
      "Berkeley",
      "Santa Monica",
      "Bay Area",
      "L.A.",
    ],
  },
  CO: { names: ["Colorado", "Colo."], cities: ["Denver", "Colorado Springs", "Boulder", "Aurora, CO"] },
  CT: { names: ["Connecticut", "Conn."], cities: ["Hartford", "New Haven", "Stamford", "Bridgeport"] },
  DE: { names: ["Delaware", "Del."], cities: ["Wilmington, DE", "Dover, DE"] },
  DC: {
    names: ["District of Columbia", "Washington, D.C.", "Washington D.C.", "Washington, DC", "Washington DC", "D.C."],
    cities: [],
  },
  FL: {
    names: ["Florida", "Fla."],
    cities: ["Miami", "@Orlando", "Tampa", "Jacksonville", "Fort Lauderdale", "Tallahassee", "St. Petersburg"],
  },
  GA: { names: ["Georgia"], cities: ["Atlanta", "@Savannah", "Augusta, GA"] },
  HI: { names: ["Hawaii", "Hawai'i"], cities: ["Honolulu", "Maui"] },
  ID: { names: ["Idaho"], cities: ["Boise"] },
  IL: { names: ["Illinois", "Ill."], cities: ["Chicago", "Springfield, IL", "Naperville", "Evanston"] },
  IN: { names: ["Indiana", "Ind."], cities: ["Indianapolis", "Fort Wayne", "Bloomington, IN"] },
  IA: { names: ["Iowa"], cities: ["Des Moines", "Cedar Rapids", "Iowa City"] },
  KS: { names: ["Kansas", "Kan."], cities: ["Wichita", "Topeka", "Overland Park"] },
  KY: { names: ["Kentucky", "Ky."], cities: ["Louisville", "@Lexington, KY"] },
  LA: { names: ["Louisiana"], cities: ["New Orleans", "Baton Rouge", "Shreveport"] },
  ME: { names: ["Maine"], cities: ["Portland, ME", "Portland, Maine", "Bangor"] },
  MD: { names: ["Maryland", "Md."], cities: ["Baltimore", "Annapolis", "Silver Spring", "Bethesda"] },
  MA: {
    names: ["Massachusetts", "Mass."],
    cities: ["Boston", "Cambridge, MA", "Worcester", "Springfield, MA", "Somerville"],
  },
  MI: { names: ["Michigan", "Mich."], cities: ["Detroit", "Grand Rapids", "Ann Arbor", "Lansing"] },
  MN: { names: ["Minnesota", "Minn."], cities: ["Minneapolis", "St. Paul", "Saint Paul", "Duluth"] },
  MS: { names: ["Mississippi", "Miss."], cities: ["Jackson, MS", "Gulfport", "Biloxi"] },
  MO: { names: ["Missouri"], cities: ["St. Louis", "Saint Louis", "Kansas City", "Springfield, MO"] },
  MT: { names: ["Montana", "Mont."], cities: ["Billings", "Missoula", "Bozeman"] },
  NE: { names: ["Nebraska", "Neb."], cities: ["Omaha", "Lincoln, NE"] },
  NV: { names: ["Nevada", "Nev."], cities: ["Las Vegas", "@Reno", "Henderson, NV"] },
  NH: { names: ["New Hampshire", "N.H."], cities: ["Manchester, NH", "Nashua", "Concord, NH"] },
  NJ: { names: ["New Jersey", "N.J."], cities: ["Newark", "Jersey City", "Hoboken", "Trenton", "Paterson"] },
  NM: { names: ["New Mexico", "N.M."], cities: ["Albuquerque", "Santa Fe", "Las Cruces"] },
  NY: {
    names: ["New York", "N.Y."],
    cities: [
      "NYC",
      "Manhattan",
      "Brooklyn",
      "Queens",
      "the Bronx",
      "Staten Island",
      "Buffalo",
      "Rochester, NY",
      "Albany",
    ],
  },
  NC: { names: ["North Carolina", "N.C."], cities: ["@Charlotte", "Raleigh", "@Durham", "Greensboro"] },
  ND: { names: ["North Dakota", "N.D."], cities: ["Fargo", "Bismarck"] },
  OH: { names: ["Ohio"], cities: ["@Columbus", "Cleveland", "Cincinnati", "Toledo", "Akron", "Dayton"] },
  OK: { names: ["Oklahoma", "Okla."], cities: ["Oklahoma City", "Tulsa"] },
  OR: { names: ["Oregon", "Ore."], cities: ["Portland", "@Eugene", "Salem, OR"] },
  PA: {
    names: ["Pennsylvania", "Penn.", "Penna."],
    cities: ["Philadelphia", "Philly", "Pittsburgh", "Allentown", "Harrisburg"],
  },
  RI: { names: ["Rhode Island", "R.I."], cities: ["@Providence"] },
  SC: {
    names: ["South Carolina", "S.C."],
    cities: ["Charleston, SC", "Columbia, SC", "Greenville, SC", "Myrtle Beach"],
  },
  SD: { names: ["South Dakota", "S.D."], cities: ["Sioux Falls", "Rapid City"] },
  TN: { names: ["Tennessee", "Tenn."], cities: ["Nashville", "Memphis", "Knoxville", "Chattanooga"] },
  TX: {
    names: ["Texas", "Tex."],
    cities: ["Houston", "@Dallas", "@Austin", "San Antonio", "Fort Worth", "El Paso", "Arlington, TX", "Plano"],
  },
  UT: { names: ["Utah"], cities: ["Salt Lake City", "Provo", "Ogden"] },
  VT: { names: ["Vermont", "Vt."], cities: ["Burlington, VT", "Montpelier"] },
  VA: {
    names: ["Virginia", "Va."],
    cities: ["Richmond, VA", "Virginia Beach", "Norfolk", "Arlington, VA", "Alexandria, VA"],
  },
  WA: {
    names: ["Washington State", "Washington", "Wash."],
    cities: ["Seattle", "Spokane", "Tacoma", "Bellevue", "Olympia"],
  },
  WV: { names: ["West Virginia", "W.Va.", "W. Va."], cities: ["Charleston, WV", "Morgantown", "Huntington, WV"] },
  WI: { names: ["Wisconsin", "Wis."], cities: ["Milwaukee", "@Madison", "Green Bay"] },
  WY: { names: ["Wyoming", "Wyo."], cities: ["Cheyenne", "Casper"] },
} satisfies Record<string, Names>;

/** A state's (or DC's) postal code. */
export type StateCode = keyof typeof NAMES;

export const STATE_CODES = Object.keys(NAMES) as StateCode[];

/**
 * Postal codes that are also English words ("IN", "OR", "ME", "OK", "HI", "DE", "LA", "MA",
 * "PA", "MO", "AL", "ID", "OH", "MS") count only after a place's name and a comma or after "in"
 * ("Portland, OR"; "in PA"); the rest count when written in capitals.
 */
const WORDLIKE = new Set(["IN", "OR", "ME", "OK", "HI", "DE", "LA", "MA", "PA", "MO", "AL", "ID", "OH", "MS"]);

function namePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
}

interface Pattern {
  code: StateCode;
  length: number;
  pattern: RegExp;
}

// Longer names first, so "West Virginia" is not read as "Virginia" and "Kansas City" not as
// "Kansas"; a match's text is then blanked so a shorter name cannot match inside it.
const PATTERNS: Pattern[] = STATE_CODES.flatMap((code) => {
  const entry = NAMES[code];
  const names = entry.names.map((name) => ({ name, place: false, exactCase: name.endsWith(".") }));
  const cities = entry.cities.map((city) => ({
    name: city.replace(/^@/, ""),
    place: city.startsWith("@"),
    exactCase: true,
  }));
  return [...names, ...cities].map(({ name, place, exactCase }) => ({
    code,
    length: name.length,
    // An abbreviation ("Ill.", "Mass.") or a city counts only as written, so "ill." and "mobile"
    // do not; a name ending in "." needs no word boundary after it.
    pattern: new RegExp(
      `${place ? "(?<=\\b(?:[Ii]n|[Nn]ear|[Ff]rom|[Tt]o|[Aa]t|[Oo]utside|[Aa]round)\\s+)" : ""}(?<![\\w.])${namePattern(name)}${name.endsWith(".") ? "" : "(?![\\w'])"}`,
      exactCase ? "g" : "gi",
    ),
  }));
}).sort((a, b) => b.length - a.length);

const POSTAL = new RegExp(`(?<![\\w.])(${STATE_CODES.join("|")})(?![\\w'])`, "g");

/** Every mention of a jurisdiction in the text, with where it starts. */
function mentions(text: string): Array<{ code: StateCode; index: number }> {
  const found: Array<{ code: StateCode; index: number }> = [];
  let rest = text;
  for (const { code, pattern } of PATTERNS) {
    pattern.lastIndex = 0;
    rest = rest.replace(pattern, (match: string, offset: number) => {
      // "Washington" alone is the state, unless "D.C." follows (the longer DC names match first);
      // "Georgia" stays the state: members here write about U.S. law.
      found.push({ code, index: offset });
      return " ".repeat(match.length);
    });
  }
  for (const match of rest.matchAll(POSTAL)) {
    const code = match[1] as StateCode;
    const before = rest.slice(Math.max(0, match.index - 30), match.index);
    if (WORDLIKE.has(code) && !/(\b[A-Z][\w.]*,\s*|\b[Ii]n\s+)$/.test(before)) continue;
    found.push({ code, index: match.index });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The jurisdiction named last in the text, if any. */
export function stateInText(text: string): StateCode | null {
  const all = mentions(text);
  return all.length ? (all[all.length - 1]?.code ?? null) : null;
}

/**
 * The jurisdiction a case is about: the one named last in the member's newest message, else in
 * earlier messages (newest first), else in the case's title and description.
 */
export function stateOfCase(texts: { messages: readonly string[]; caseText: string }): StateCode | null {
  for (let i = texts.messages.length - 1; i >= 0; i--) {
    const code = stateInText(texts.messages[i] ?? "");
    if (code) return code;
  }
  return stateInText(texts.caseText);
}
