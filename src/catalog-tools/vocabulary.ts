import type { Series, Tag } from '../contract/catalog';

/** Top-level topics of the demo catalog; each has its own images and title templates. */
export const CATEGORIES = [
  'politics',
  'world',
  'sports',
  'crypto',
  'economics',
  'business',
  'tech',
  'science',
  'culture',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Colour variants per category image: public/img/<category>-<variant>.jpg (drawn in images.ts). */
export const IMAGE_VARIANTS = 3;
export const imagePath = (category: Category, variant: number): string => `/img/${category}-${variant}.jpg`;

const tag = (id: number, label: string, slug: string): Tag => ({ id: String(id), label, slug });

/**
 * ~30 tags: one per category, then topics. Ids are stable so links keep working across seeds. Where the
 * public catalog's id for the same slug is known (from fixtures/gamma) it is reused, so importing
 * real exports next to the demo catalog merges into the same tags; the others sit in the 9000s.
 */
export const TAGS = {
  politics: tag(2, 'Politics', 'politics'),
  world: tag(101970, 'World', 'world'),
  sports: tag(9003, 'Sports', 'sports'),
  crypto: tag(21, 'Crypto', 'crypto'),
  economics: tag(100328, 'Economy', 'economy'),
  business: tag(107, 'Business', 'business'),
  tech: tag(9007, 'Tech', 'tech'),
  science: tag(9008, 'Science', 'science'),
  culture: tag(9009, 'Culture', 'culture'),
  elections: tag(9010, 'Elections', 'elections'),
  usPolitics: tag(9011, 'US Politics', 'us-politics'),
  geopolitics: tag(9012, 'Geopolitics', 'geopolitics'),
  nba: tag(9013, 'NBA', 'nba'),
  nfl: tag(9014, 'NFL', 'nfl'),
  soccer: tag(9015, 'Soccer', 'soccer'),
  tennis: tag(9016, 'Tennis', 'tennis'),
  f1: tag(9017, 'Formula 1', 'formula-1'),
  bitcoin: tag(9018, 'Bitcoin', 'bitcoin'),
  ethereum: tag(9019, 'Ethereum', 'ethereum'),
  altcoins: tag(9020, 'Altcoins', 'altcoins'),
  fed: tag(100196, 'Fed Rates', 'fed-rates'),
  inflation: tag(9022, 'Inflation', 'inflation'),
  jobs: tag(9023, 'Jobs', 'jobs'),
  movies: tag(9024, 'Movies', 'movies'),
  music: tag(9025, 'Music', 'music'),
  awards: tag(9026, 'Awards', 'awards'),
  space: tag(9027, 'Space', 'space'),
  ai: tag(9028, 'AI', 'ai'),
  climate: tag(9029, 'Climate', 'climate'),
  ipos: tag(600, 'IPOs', 'ipos'),
  stocks: tag(9031, 'Stocks', 'stocks'),
  featured: tag(102137, 'Featured', 'featured'),
} as const satisfies Record<string, Tag>;
export type TagKey = keyof typeof TAGS;

const series = (id: number, slug: string, title: string): Series => ({ id: String(id), slug, title });

/** ~20 recurring series (a league, a monthly release, a daily price question…); ids as for tags. */
export const SERIES = {
  nba: series(2, 'nba', 'NBA'),
  nfl: series(9002, 'nfl', 'NFL'),
  premierLeague: series(9003, 'premier-league', 'Premier League'),
  championsLeague: series(9004, 'champions-league', 'Champions League'),
  grandSlams: series(9005, 'tennis-grand-slams', 'Tennis Grand Slams'),
  f1: series(9006, 'formula-1-grands-prix', 'Formula 1 Grands Prix'),
  fomc: series(35, 'fomc', 'FOMC'),
  ecb: series(9008, 'ecb-rate-decisions', 'ECB Rate Decisions'),
  cpi: series(9009, 'us-cpi', 'US CPI Releases'),
  jobs: series(9010, 'us-jobs-report', 'US Jobs Report'),
  btcDaily: series(9011, 'bitcoin-daily-price', 'Bitcoin Daily Price'),
  ethDaily: series(9012, 'ethereum-daily-price', 'Ethereum Daily Price'),
  cryptoUpDown: series(9013, 'crypto-up-or-down', 'Crypto Up or Down'),
  oscars: series(9014, 'academy-awards', 'Academy Awards'),
  grammys: series(9015, 'grammy-awards', 'Grammy Awards'),
  boxOffice: series(9016, 'box-office-weekend', 'Box Office Weekend'),
  launches: series(9017, 'rocket-launches', 'Rocket Launches'),
  temperature: series(9018, 'global-temperature', 'Global Temperature'),
  earnings: series(9019, 'big-tech-earnings', 'Big Tech Earnings'),
  elections: series(9020, 'national-elections', 'National Elections'),
  chart: series(9021, 'weekly-music-chart', 'Weekly Music Chart'),
} as const satisfies Record<string, Series>;
export type SeriesKey = keyof typeof SERIES;

export const COUNTRIES = [
  'Canada',
  'Germany',
  'Brazil',
  'Japan',
  'India',
  'Australia',
  'France',
  'Italy',
  'Spain',
  'Mexico',
  'South Korea',
  'Poland',
  'the Netherlands',
  'Sweden',
  'Argentina',
  'Chile',
  'Norway',
  'Portugal',
  'Ireland',
  'New Zealand',
  'Colombia',
  'Kenya',
  'Nigeria',
  'Indonesia',
  'Turkey',
  'Greece',
  'Austria',
  'Belgium',
] as const;

export const PARTIES = [
  'the Social Democrats',
  'the Conservatives',
  'the Liberals',
  'the Greens',
  'the Centre Alliance',
  'the Labour Party',
  'the Progressive Union',
  'the National Reform Party',
  'the Christian Democrats',
  'the Civic Platform',
] as const;

export const US_STATES = [
  'Arizona',
  'Georgia',
  'Michigan',
  'Nevada',
  'North Carolina',
  'Pennsylvania',
  'Wisconsin',
  'Ohio',
  'Florida',
  'Texas',
  'Virginia',
  'Minnesota',
  'New Hampshire',
  'Maine',
  'Iowa',
] as const;

export const BILLS = [
  'the stablecoin regulation bill',
  'the farm bill',
  'a federal data privacy act',
  'the annual defense authorization act',
  'a border security package',
  'a permanent daylight saving time bill',
  'a bipartisan housing supply bill',
  'a federal AI safety framework',
  'a crypto market structure bill',
  'a drug pricing reform bill',
] as const;

export const ORGANISATIONS = ['NATO', 'the European Union', 'BRICS', 'the OECD'] as const;

const EU = [
  'Germany',
  'France',
  'Italy',
  'Spain',
  'Poland',
  'the Netherlands',
  'Sweden',
  'Portugal',
  'Ireland',
  'Greece',
  'Austria',
  'Belgium',
];

/** Which of COUNTRIES belong to each organisation (2026): a member is never asked whether it will apply. */
export const MEMBERS: Record<(typeof ORGANISATIONS)[number], readonly string[]> = {
  // The Union's members but two neutral ones, and three more.
  NATO: [...EU.filter((c) => c !== 'Ireland' && c !== 'Austria'), 'Canada', 'Norway', 'Turkey'],
  'the European Union': EU,
  BRICS: ['Brazil', 'India', 'Indonesia'],
  // Every listed country but six.
  'the OECD': COUNTRIES.filter(
    (c) => !['Brazil', 'India', 'Argentina', 'Kenya', 'Nigeria', 'Indonesia'].includes(c),
  ),
};
export const SUMMITS = ['G20 summit', 'UN climate conference', 'G7 summit', 'Olympic Games'] as const;

/**
 * Economies whose figures the demo asks about: the name in a title and in a sentence, the releases, and
 * the levels (%) its brackets are drawn around.
 */
export const ECONOMIES = [
  {
    short: 'US',
    inflationLevel: 2.8,
    unemploymentLevel: 4.2,
    name: 'US',
    prices: 'the US Consumer Price Index (CPI-U, not seasonally adjusted)',
    unemployment: 'the US unemployment rate (U-3, seasonally adjusted)',
    statistics: 'the Bureau of Labor Statistics (bls.gov)',
  },
  {
    short: 'UK',
    inflationLevel: 3.4,
    unemploymentLevel: 4.7,
    name: 'UK',
    prices: 'the UK Consumer Prices Index (CPI)',
    unemployment: 'the UK unemployment rate (ages 16 and over, seasonally adjusted)',
    statistics: 'the Office for National Statistics (ons.gov.uk)',
  },
  {
    short: 'Euro area',
    inflationLevel: 2.1,
    unemploymentLevel: 6.3,
    name: 'euro area',
    prices: 'the euro area Harmonised Index of Consumer Prices (HICP)',
    unemployment: 'the euro area unemployment rate (seasonally adjusted)',
    statistics: 'Eurostat (ec.europa.eu/eurostat)',
  },
  {
    short: 'Canada',
    inflationLevel: 2.2,
    unemploymentLevel: 6.6,
    name: 'Canadian',
    prices: "Canada's Consumer Price Index",
    unemployment: "Canada's unemployment rate (Labour Force Survey, seasonally adjusted)",
    statistics: 'Statistics Canada (statcan.gc.ca)',
  },
  {
    short: 'Japan',
    inflationLevel: 2.9,
    unemploymentLevel: 2.5,
    name: 'Japanese',
    prices: "Japan's Consumer Price Index (all items)",
    unemployment: "Japan's unemployment rate (seasonally adjusted)",
    statistics: 'the Statistics Bureau of Japan (stat.go.jp)',
  },
  {
    short: 'Australia',
    inflationLevel: 3.0,
    unemploymentLevel: 4.2,
    name: 'Australian',
    prices: "Australia's monthly Consumer Price Index indicator",
    unemployment: "Australia's unemployment rate (seasonally adjusted)",
    statistics: 'the Australian Bureau of Statistics (abs.gov.au)',
  },
] as const;

/** Central banks with a policy meeting most months. */
export const CENTRAL_BANKS = [
  { short: 'ECB', name: 'European Central Bank', rate: 'the deposit facility rate', site: 'ecb.europa.eu' },
  { short: 'BoE', name: 'Bank of England', rate: 'Bank Rate', site: 'bankofengland.co.uk' },
  { short: 'BoJ', name: 'Bank of Japan', rate: 'the short-term policy rate', site: 'boj.or.jp' },
  {
    short: 'BoC',
    name: 'Bank of Canada',
    rate: 'the target for the overnight rate',
    site: 'bankofcanada.ca',
  },
  { short: 'RBA', name: 'Reserve Bank of Australia', rate: 'the cash rate target', site: 'rba.gov.au' },
  { short: 'SNB', name: 'Swiss National Bank', rate: 'the SNB policy rate', site: 'snb.ch' },
] as const;

/** What "the best AI model" is ranked on: the title's words and the leaderboard's kind. */
export const AI_LEADERBOARDS = [
  { name: 'AI model', board: 'text' },
  { name: 'coding AI model', board: 'coding' },
  { name: 'image model', board: 'text-to-image' },
  { name: 'video model', board: 'text-to-video' },
] as const;

export const NBA_AWARDS = [
  'MVP',
  'Rookie of the Year',
  'Defensive Player of the Year',
  'Sixth Man of the Year',
] as const;
export const NFL_AWARDS = [
  'MVP',
  'Offensive Player of the Year',
  'Defensive Player of the Year',
  'Offensive Rookie of the Year',
] as const;

export const NBA_TEAMS = [
  'Hawks',
  'Celtics',
  'Nets',
  'Hornets',
  'Bulls',
  'Cavaliers',
  'Mavericks',
  'Nuggets',
  'Pistons',
  'Warriors',
  'Rockets',
  'Pacers',
  'Clippers',
  'Lakers',
  'Grizzlies',
  'Heat',
  'Bucks',
  'Timberwolves',
  'Pelicans',
  'Knicks',
  'Thunder',
  'Magic',
  '76ers',
  'Suns',
  'Trail Blazers',
  'Kings',
  'Spurs',
  'Raptors',
  'Jazz',
  'Wizards',
] as const;

export const NFL_TEAMS = [
  'Bills',
  'Dolphins',
  'Patriots',
  'Jets',
  'Ravens',
  'Bengals',
  'Browns',
  'Steelers',
  'Texans',
  'Colts',
  'Jaguars',
  'Titans',
  'Broncos',
  'Chiefs',
  'Raiders',
  'Chargers',
  'Cowboys',
  'Giants',
  'Eagles',
  'Commanders',
  'Bears',
  'Lions',
  'Packers',
  'Vikings',
  'Falcons',
  'Panthers',
  'Saints',
  'Buccaneers',
  'Cardinals',
  'Rams',
  '49ers',
  'Seahawks',
] as const;

export const EPL_CLUBS = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Newcastle',
  'Nottingham Forest',
  'Tottenham',
  'West Ham',
  'Wolves',
] as const;

export const EUROPEAN_CLUBS = [
  'Real Madrid',
  'Barcelona',
  'Bayern Munich',
  'Paris Saint-Germain',
  'Inter Milan',
  'Juventus',
  'Borussia Dortmund',
  'Atlético Madrid',
  'Benfica',
  'Porto',
  'Ajax',
  'Napoli',
  'AC Milan',
  'Manchester City',
  'Arsenal',
  'Liverpool',
] as const;

/** Invented player names: the demo makes no claims about real people. */
export const FIRST_NAMES = [
  'Luca',
  'Mateo',
  'Elena',
  'Noah',
  'Sofia',
  'Jonas',
  'Amara',
  'Kai',
  'Iris',
  'Tomas',
  'Yara',
  'Felix',
  'Nina',
  'Oscar',
  'Lena',
  'Rafael',
  'Maya',
  'Hugo',
  'Zara',
  'Anton',
] as const;
/**
 * The same first names' places in a women's and in a men's draw: a singles field is drawn from
 * FIRST_NAMES and then read through one of these, index for index (so the catalog's random draws,
 * and every event after it, stay the same).
 */
export const WOMEN_FIRST_NAMES = [
  'Lucia',
  'Marta',
  'Elena',
  'Nora',
  'Sofia',
  'Johanna',
  'Amara',
  'Kira',
  'Iris',
  'Tamara',
  'Yara',
  'Freya',
  'Nina',
  'Olivia',
  'Lena',
  'Rafaela',
  'Maya',
  'Helena',
  'Zara',
  'Anika',
] as const satisfies { length: (typeof FIRST_NAMES)['length'] };
export const MEN_FIRST_NAMES = [
  'Luca',
  'Mateo',
  'Emil',
  'Noah',
  'Samuel',
  'Jonas',
  'Adrian',
  'Kai',
  'Ivan',
  'Tomas',
  'Yusuf',
  'Felix',
  'Niko',
  'Oscar',
  'Leon',
  'Rafael',
  'Marco',
  'Hugo',
  'Zane',
  'Anton',
] as const satisfies { length: (typeof FIRST_NAMES)['length'] };

export const LAST_NAMES = [
  'Varga',
  'Lindqvist',
  'Okafor',
  'Moreau',
  'Castell',
  'Novak',
  'Hartmann',
  'Sato',
  'Ferreira',
  'Kowalski',
  'Brandt',
  'Delgado',
  'Ivanova',
  'Mensah',
  'Rossi',
  'Andersen',
  'Takeda',
  'Quinlan',
  'Petrov',
  'Aziz',
] as const;

/** A yearly final or race: its name and about when it ends (month from 0, day). */
export interface YearlyDate {
  name: string;
  month: number;
  day: number;
}

export const TENNIS_TOURNAMENTS: readonly YearlyDate[] = [
  { name: 'Australian Open', month: 0, day: 31 },
  { name: 'French Open', month: 5, day: 8 },
  { name: 'Wimbledon', month: 6, day: 13 },
  { name: 'US Open', month: 8, day: 8 },
];
export const GRANDS_PRIX: readonly YearlyDate[] = [
  { name: 'Bahrain', month: 2, day: 8 },
  { name: 'Saudi Arabian', month: 2, day: 22 },
  { name: 'Australian', month: 3, day: 5 },
  { name: 'Japanese', month: 3, day: 19 },
  { name: 'Miami', month: 4, day: 3 },
  { name: 'Monaco', month: 4, day: 24 },
  { name: 'Spanish', month: 5, day: 7 },
  { name: 'Canadian', month: 5, day: 14 },
  { name: 'Austrian', month: 5, day: 28 },
  { name: 'British', month: 6, day: 5 },
  { name: 'Belgian', month: 6, day: 26 },
  { name: 'Hungarian', month: 7, day: 2 },
  { name: 'Dutch', month: 7, day: 30 },
  { name: 'Italian', month: 8, day: 6 },
  { name: 'Singapore', month: 9, day: 4 },
  { name: 'United States', month: 9, day: 18 },
  { name: 'Mexico City', month: 9, day: 25 },
  { name: 'São Paulo', month: 10, day: 8 },
  { name: 'Las Vegas', month: 10, day: 21 },
  { name: 'Abu Dhabi', month: 11, day: 6 },
];
export const F1_TEAMS = [
  'McLaren',
  'Ferrari',
  'Red Bull Racing',
  'Mercedes',
  'Aston Martin',
  'Alpine',
  'Williams',
  'Haas',
  'Sauber',
  'Racing Bulls',
] as const;

export interface Coin {
  name: string;
  symbol: string;
  /** A typical price level in USD, to place thresholds plausibly. */
  price: number;
}
export const COINS: readonly Coin[] = [
  { name: 'Bitcoin', symbol: 'BTC', price: 95_000 },
  { name: 'Ethereum', symbol: 'ETH', price: 3_400 },
  { name: 'Solana', symbol: 'SOL', price: 180 },
  { name: 'XRP', symbol: 'XRP', price: 2.4 },
  { name: 'Dogecoin', symbol: 'DOGE', price: 0.3 },
  { name: 'Cardano', symbol: 'ADA', price: 0.8 },
  { name: 'Avalanche', symbol: 'AVAX', price: 32 },
  { name: 'Chainlink', symbol: 'LINK', price: 18 },
  { name: 'Litecoin', symbol: 'LTC', price: 95 },
  { name: 'Polkadot', symbol: 'DOT', price: 6 },
];
export const CRYPTO_FIRMS = [
  'Kraken',
  'Gemini',
  'Consensys',
  'Ledger',
  'Phantom',
  'Chainalysis',
  'Fireblocks',
  'Ripple',
] as const;

export const TECH_COMPANIES = [
  'Apple',
  'Google',
  'Microsoft',
  'Nvidia',
  'Meta',
  'Amazon',
  'OpenAI',
  'Anthropic',
  'Tesla',
  'Samsung',
  'Netflix',
  'AMD',
] as const;
export const PRODUCTS = [
  'a foldable phone',
  'a new flagship AI model',
  'smart glasses',
  'a humanoid robot',
  'a subscription price increase',
  'a new VR headset',
  'a self-driving taxi service in Europe',
  'an AI-powered search engine',
  'a custom AI chip',
  'a satellite internet phone plan',
] as const;

/** Invented start-ups for IPO and funding questions. */
export const STARTUP_PREFIXES = [
  'Nimbus',
  'Quanta',
  'Helio',
  'Arbor',
  'Vector',
  'Lumen',
  'Cobalt',
  'Orbit',
  'Tandem',
  'Strata',
  'Kestrel',
  'Meridian',
] as const;
export const STARTUP_SUFFIXES = [
  'Labs',
  'Robotics',
  'Pay',
  'Health',
  'Energy',
  'AI',
  'Systems',
  'Bio',
] as const;

export const MOVIE_WORDS_A = [
  'The Last',
  'Midnight',
  'Silent',
  'Beyond the',
  'Crimson',
  'Return of the',
  'Echoes of the',
  'Shadow',
  'Golden',
  'The Iron',
] as const;
export const MOVIE_WORDS_B = [
  'Horizon',
  'Protocol',
  'Kingdom',
  'Frontier',
  'Tide',
  'Garden',
  'Signal',
  'Empire',
  'Voyage',
  'Harbor',
] as const;
export const ARTIST_NAMES = [
  'Nova Lane',
  'The Paper Lanterns',
  'Milo Ashby',
  'Saint Juniper',
  'Kaia Reyes',
  'Velvet Static',
  'DJ Corvid',
  'Harbor Lights',
  'Ama Boateng',
  'Ruby Vance',
  'The Night Orchard',
  'Theo Marlow',
] as const;

export const SPACE_AGENCIES = ['NASA', 'ESA', 'JAXA', 'ISRO', 'SpaceX', 'Blue Origin', 'Rocket Lab'] as const;
export const MISSIONS = [
  'a crewed lunar flyby',
  'a Mars sample-return test',
  'its heavy-lift rocket on an orbital flight',
  'a Venus orbiter',
  'a reusable upper stage',
  'a commercial space station module',
  'an asteroid deflection test',
  'a Europa lander study mission',
] as const;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
