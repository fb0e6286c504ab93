/**
 * Synthetic technology news for the benchmarks (issue 8): articles that read like a newsroom's
 * archive and search queries drawn from the same words. Everything follows from a seed and an
 * article's index, so article 41,999 is the same whether 1,000 or 1,000,000 are generated, and two
 * runs with the same seed fill two databases alike (dates aside, which count back from `now`).
 *
 * The vocabulary is built for realistic full-text selectivity: template words appear in nearly
 * every article, topic words in a category's share of them, names and jargon in a few percent,
 * and the rare terms (RARE_TERMS) in roughly 0.1 to 1% of articles each; codenames are rarer still.
 */
import { CATEGORIES, type SpecCategory as Category } from "~/domain/sections";
import { READ_TIME_MAX, READ_TIME_MIN, READ_TIME_WORDS_PER_MINUTE } from "~/utils/read-time";
import { CATEGORY_STOCK_IMAGE, stockImageUrl } from "~/utils/stock-images";

export interface SyntheticArticle {
  title: string;
  excerpt: string;
  /** Markdown: an intro, 3 to 5 `##` sections, the odd list and quote; 800 to 1,200 words. */
  content: string;
  category: Category;
  image: string;
  /** Words by `countWords` (app/utils/read-time.ts), as the content was assembled. */
  wordCount: number;
  readTime: number;
  /** Null for a draft (about 10%). */
  publishedAt: Date | null;
  createdAt: Date;
  isFeatured: boolean;
  isPopular: boolean;
  sources: string;
}

export interface SyntheticOptions {
  seed: number;
  now: Date;
}

const YEAR_MS = 365.25 * 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back publication dates go. */
export const SYNTHETIC_SPAN_MS = 3 * YEAR_MS;
export const PUBLISHED_SHARE = 0.9;
export const FEATURED_SHARE = 0.02;
export const POPULAR_SHARE = 0.05;
export const MIN_WORDS = 800;
export const MAX_WORDS = 1200;

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, seeded per article from (seed, index), so articles are independent.

export type Random = () => number;

/** A small, fast 32-bit PRNG; returns numbers in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** MurmurHash3's finaliser: spreads nearby inputs (seed 1 and 2, index 7 and 8) over the whole range. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function streamSeed(seed: number, index: number, stream: number): number {
  return mix32(mix32(mix32(seed) ^ index) + Math.imul(index >>> 0, 0x9e3779b1) + stream);
}

/** An element of `list`; `skew` above 1 favours the front of the list (a Zipf-like head and a long tail). */
function pick<T>(random: Random, list: readonly T[], skew = 1): T {
  const r = skew === 1 ? random() : random() ** skew;
  return list[Math.floor(r * list.length)]!;
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

// ---------------------------------------------------------------------------------------------
// Vocabulary. Lists are written as "a | b | c"; the front of a list is used more often.

function words(text: string): readonly string[] {
  return text
    .split("|")
    .map((word) => word.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function withArticle(phrase: string): string {
  return /^([aeio]|u[nlmp](?!i)|hour|honest)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** Eighty invented companies; none is meant to name a real one. */
export const COMPANIES = words(`
  Arcvale | Brightmoor | Cobaltine | Dovetail Systems | Emberly | Fathomly | Glintwave | Harborlight | Ironbark |
  Juniper Loop | Kestrelwick | Lattice Forge | Meridiant | Nimbusly | Orchard Compute | Pellucid | Quantiva | Ravenstone |
  Solvane | Tidewell | Umbrafield | Veridane | Wavecrest | Xandral | Yarrowtech | Zephyrine | Alderpoint | Bluequarry |
  Cinderloop | Driftmark | Elmstead Robotics | Foxglove Intelligence | Graniteway | Hollowcore | Inkwell Data | Jadeport |
  Kilnworks | Lumora | Mosscloud | Northfen | Opaline | Pinecrest Semiconductor | Quarrylight | Rookery | Saltmarsh |
  Thistlebyte | Underbrook | Vantorra | Willowmere | Xylo Networks | Yellowpine | Zinnovate | Amberlane | Basaltic |
  Corvida | Duskfall Games | Everkin | Farrowgate | Gildwell | Hexmoor | Isoline | Jetstrand | Kordex | Lanternwise |
  Marrowby | Nettlefield | Oxbow Mobile | Parallax Nine | Quillon | Rivermint | Sableforge | Tandemly | Uplift Orbital |
  Vellichor | Wrenfield | Zestra | Brackenridge Health | Coralbyte | Deepmere | Flintlock Security | Greyhaven | Halcyra
`);

const FIRST_NAMES = words(`
  Maya | Daniel | Priya | Tomasz | Aiko | Kwame | Sofia | Mateo | Ingrid | Rahul | Chloe | Emeka | Lucia | Henrik | Nadia |
  Oluwaseun | Camille | Diego | Hana | Farid | Greta | Ibrahim | Jana | Kenji | Leila | Marcus | Noor | Oscar | Paulina |
  Quentin | Rosa | Samir | Tamsin | Umar | Valentina | Wen | Ximena | Yusuf | Zara | Anders | Beatriz | Caleb | Dalia |
  Elias | Fatima | Gabriel | Helena | Isaac | Jun | Kiran | Lars | Mirela | Nikhil | Olga | Pedro | Renata | Soren | Tariq |
  Ursula | Viktor | Wanjiru | Yara | Zeynep | Amara | Bruno | Cyrus | Delphine | Eamon | Freya | Gideon | Ines | Jonah |
  Katya | Luca | Marisol | Niamh | Orla | Rafael | Sunita | Teodor
`);

const LAST_NAMES = words(`
  Lindqvist | Okafor | Reyes | Nakamura | Brandt | Mensah | Kowalski | Haddad | Fernandes | Varga | Castellanos | Ionescu |
  Adeyemi | Whitlock | Sorensen | Takahashi | Delacroix | Petrov | Abernathy | Bhattacharya | Carvalho | Dimitriou |
  Eriksen | Fairweather | Gallardo | Hollis | Iwasaki | Jovanovic | Kaczmarek | Laurent | Moreau | Novak | Oyelaran |
  Pacheco | Quist | Rahman | Szabo | Thorne | Ulloa | Vasquez | Wojcik | Yilmaz | Zielinski | Achterberg | Balogun |
  Chaudhry | Dunmore | Esposito | Falkner | Grigoryan | Hargrove | Ilunga | Jaramillo | Kinsella | Lemaire | Mwangi |
  Nordin | Ostrowski | Pereira | Quintero | Rasmussen | Santangelo | Tremblay | Underhill | Valdivia | Weatherby |
  Xiong | Yamamoto | Zapata | Albrecht | Bergstrom | Castillo | Drummond | Echeverria | Fitzgerald | Gundersen | Halvorsen |
  Iyer | Jorgensen | Kuznetsova | Lachance | Marchetti | Nwachukwu | Olsson | Pemberton | Rinaldi | Sato | Tanaka |
  Ueda | Vidal | Winterbourne | Yoshida | Zubiri | Ashdown | Blackwood | Cardenas | Dubois | Engstrom | Ferreira |
  Goldberg | Hakimi | Ivanova | Janssen | Kerrigan | Lindgren | Montoya | Navarro | Oduya | Prasad | Ruiz | Silva |
  Toivonen | Urquhart | Vance | Wexford | Yeboah
`);

const ROLES = words(`
  chief executive | chief technology officer | co-founder | head of product | chief financial officer |
  vice president of engineering | chief operating officer | head of research | general counsel | chief information security officer |
  head of developer relations | principal engineer | chief scientist | head of infrastructure | chief marketing officer |
  director of policy | head of hardware | president
`);

const CITIES = words(`
  Berlin | Austin | Toronto | Lagos | Bangalore | Singapore | Stockholm | Seattle | Tel Aviv | Nairobi | Lisbon | Warsaw |
  Denver | Montreal | Melbourne | Seoul | Tallinn | Amsterdam | Dublin | Zurich | Helsinki | Barcelona | Boston | Atlanta |
  Copenhagen | Oslo | Madrid | Milan | Vienna | Prague | Budapest | Taipei | Osaka | Jakarta | Manila | Santiago |
  Bogota | Lima | Accra | Kigali | Cape Town | Cairo | Istanbul | Athens | Edinburgh | Manchester | Pittsburgh | Raleigh |
  Vancouver | Auckland | Brisbane | Hyderabad | Pune | Shenzhen | Hanoi | Kraków | Bucharest | Sofia | Vilnius | Riga
`);

const REGIONS = words(`
  the European Union | the United States | the United Kingdom | Japan | India | Brazil | Canada | Australia | South Korea |
  California | Singapore | Germany | France | the Nordic countries | Southeast Asia | Latin America
`);

const INVESTORS = words(`
  Saltgrass Ventures | Tallowmere Capital | Northgate Partners | Copperline Ventures | Bramblecrest Capital | Ferncastle Growth |
  Highmoor Ventures | Redwater Partners | Silverbirch Capital | Lakeshore Fund | Cairnfield Ventures | Oakhollow Partners |
  Ridgecrest Capital | Westerly Growth | Briarstone Ventures | Kittering Partners | Moorland Capital | Seaforth Ventures
`);

const ANALYST_FIRMS = words(`
  Halberd Research | Prism Insight Group | Cartwright Analytics | Benchmark Hollow | Tessellate Research | Lodestar Advisory |
  Fieldnote Research | Stratum Market Intelligence | Keystone Metrics | Ledgerwood Research
`);

const OUTLETS = words(`
  The Circuit Ledger | Byte Harbor Weekly | Signal & Spindle | The Gadget Almanac | Packet & Press | The Silicon Courier |
  Kernel Dispatch | The Daily Uplink | Bandwidth Review | The Cache | Rackmount Times | The Patch Notes | Ledger of Things |
  Datapoint Daily | The Firmware Report | Switchboard News
`);

const MONTHS = words(
  `January | February | March | April | May | June | July | August | September | October | November | December`,
);
const QUARTERS = words(`first | second | third | fourth`);
const SMALL_WORDS = words(`two | three | four | five | six | seven | eight | nine | ten | twelve | fifteen | twenty`);
const DURATIONS = words(`
  six months | 18 months | two years | three years | a year | nine months | four quarters | a decade | five years | eight weeks
`);

/** Things a company builds, sells, fixes or cancels (countable, pluralised by rule). */
const GENERAL_NOUNS = words(`
  product | platform | service | feature | system | update | version | release | contract | plan | project | program |
  report | study | survey | dashboard | workflow | pipeline | database | interface | standard | protocol | license | patent |
  deal | roadmap | budget | target | forecast | subscription | bundle | tier | account | browser | laptop | phone | tablet |
  chip | processor | sensor | battery | screen | camera | speaker | headset | charger | cable | router | antenna | satellite |
  drone | robot | vehicle | factory | warehouse | store | marketplace | storefront | catalog | checkout | payment | invoice |
  benchmark | trial | pilot | prototype | demo | livestream | podcast | newsletter | blog | forum | notification | inbox |
  calendar | spreadsheet | document | folder | archive | backup | snapshot | log | metric | alert | dashboard | toolkit |
  library | module | plugin | extension | widget | template | script | command | query | index | cache | queue | cluster |
  container | instance | bucket | volume | disk | drive | file | stream | channel | feed | connection | session | token |
  credential | certificate | algorithm | model | dataset | label | prompt | guideline | framework | policy | rule |
  milestone | deadline | schedule | announcement | statement | memo | filing | warranty | repair | replacement | shipment |
  delivery | order | backlog | inventory | upgrade | rollout | migration | facility | campus | office | lab | studio |
  campaign | integration | connector | controller | console | gateway | proxy | scheduler | compiler | debugger | editor |
  sandbox | registry | repository | branch | dependency | endpoint | webhook | manifest | installer | updater | launcher |
  headphone | keyboard | trackpad | stylus | kiosk | terminal | printer | scanner | thermostat | doorbell | hub | dongle |
  chipset | modem | display | panel | hinge | casing | lens | microphone | tracker | wallet | voucher | coupon | rebate |
  loyalty program | referral program | free tier | price plan | data center | test suite | support plan | service contract
`);

/** People the stories are about, plural. */
const PEOPLE = words(`
  customers | engineers | users | analysts | investors | developers | researchers | regulators | executives | employees |
  suppliers | partners | competitors | lawmakers | officials | consultants | contractors | vendors | resellers |
  distributors | manufacturers | founders | shareholders | lenders | students | teachers | doctors | nurses | patients |
  drivers | passengers | shoppers | gamers | creators | streamers | musicians | writers | reporters | editors | publishers |
  advertisers | subscribers | moderators | designers | testers | administrators | accountants | pilots | farmers
`);

const MASS_NOUNS = words(`
  software | hardware | revenue | demand | growth | funding | capital | competition | regulation | privacy | security |
  infrastructure | bandwidth | storage | compute | electricity | power | cooling | latency | reliability | performance |
  efficiency | pricing | adoption | churn | engagement | traffic | research | development | manufacturing | supply |
  talent | hiring | attrition | training | documentation | support | maintenance | compliance | governance | transparency |
  accountability | innovation | momentum | uncertainty | skepticism | enthusiasm | pressure | criticism | scrutiny | oversight
`);

const ADJECTIVES = words(`
  new | larger | smaller | faster | cheaper | major | early | recent | popular | critical | public | private | open | closed |
  ambitious | cautious | modest | aggressive | expensive | affordable | reliable | fragile | secure | vulnerable | mature |
  experimental | proprietary | commercial | industrial | regional | global | national | local | digital | physical | hybrid |
  automated | manual | internal | external | unexpected | significant | dramatic | gradual | steady | rapid | sudden | temporary |
  permanent | limited | unlimited | optional | mandatory | flexible | rigid | complex | simple | elegant | clunky | polished |
  unfinished | stable | unstable | efficient | wasteful | quiet | noisy | compact | bulky | lightweight | rugged | sleek |
  transparent | opaque | controversial | familiar | unfamiliar | profitable | unprofitable | crowded | niche | mainstream |
  specialized | general-purpose | low-cost | high-end | mid-range | entry-level | premium | refurbished | wireless | wired |
  cloud-based | on-premises | battery-powered | solar-powered | energy-hungry | power-efficient | data-driven | user-facing |
  developer-friendly | privacy-preserving | subscription-based | ad-supported | open-source | closed-source | cross-platform |
  real-time | long-term | short-term | year-over-year | quarterly | annual | weekly | daily | nightly | seasonal | legacy |
  modern | next-generation | first-generation | second-generation | fragmented | consolidated | unified | scattered |
  ambiguous | detailed | thorough | shallow | deep | broad | narrow | tight | loose | strict | lenient | generous | stingy
`);

/** How people feel about a change. */
const MOODS = words(`
  optimistic | pessimistic | skeptical | enthusiastic | lukewarm | frustrated | relieved | surprised | impressed |
  unconvinced | cautious | hopeful | wary | curious | divided | confused | pleased | disappointed
`);

const ADVERBS = words(`
  quickly | slowly | quietly | publicly | privately | sharply | steadily | gradually | suddenly | largely | mostly | partly |
  briefly | heavily | lightly | roughly | nearly | already | still | finally | eventually | initially | recently | previously |
  reportedly | reluctantly | openly | cautiously | aggressively | carefully | deliberately | repeatedly | consistently
`);

/** Transitive verbs as base and past tense. */
const VERBS = words(`
  expand:expanded | launch:launched | ship:shipped | delay:delayed | cancel:cancelled | rebuild:rebuilt | redesign:redesigned |
  acquire:acquired | license:licensed | test:tested | deploy:deployed | retire:retired | replace:replaced | upgrade:upgraded |
  patch:patched | audit:audited | review:reviewed | approve:approved | reject:rejected | block:blocked | restrict:restricted |
  open:opened | close:closed | simplify:simplified | automate:automated | measure:measured | reduce:reduced | raise:raised |
  lower:lowered | double:doubled | triple:tripled | halve:halved | publish:published | announce:announced | confirm:confirmed |
  deny:denied | dispute:disputed | challenge:challenged | defend:defended | protect:protected | secure:secured |
  monitor:monitored | track:tracked | analyze:analyzed | index:indexed | compress:compressed | encrypt:encrypted |
  migrate:migrated | consolidate:consolidated | split:split | bundle:bundled | price:priced | discount:discounted |
  subsidize:subsidized | finance:financed | fund:funded | hire:hired | train:trained | recruit:recruited | support:supported |
  sell:sold | buy:bought | build:built | design:designed | prototype:prototyped | manufacture:manufactured | source:sourced |
  import:imported | export:exported | integrate:integrated | connect:connected | sync:synced | scale:scaled | tune:tuned |
  optimize:optimized | benchmark:benchmarked | certify:certified | document:documented | overhaul:overhauled |
  streamline:streamlined | restructure:restructured | outsource:outsourced | insource:insourced | localize:localized |
  translate:translated | moderate:moderated | label:labeled | filter:filtered | rank:ranked | recommend:recommended |
  preview:previewed | pilot:piloted | phase out:phased out | roll out:rolled out | scale back:scaled back | wind down:wound down
`).map((pair) => {
  const [base = pair, past = pair] = pair.split(":");
  return { base, past };
});

/**
 * Specialist words that appear in only a small share of articles (about 0.1 to 1% each at any size),
 * the needles that make search selectivity realistic.
 */
export const RARE_TERMS = words(`
  photolithography | memristor | neuromorphic | spintronics | metamaterial | microfluidic | piezoelectric | thermoelectric |
  superconducting | tokamak | topological | plasmonic | hyperspectral | bathymetry | ephemeris | epitaxy | ferroelectric |
  gallium | graphene | haptics | holography | interposer | lidar | magnetoresistance | optogenetics | photonic | reticle |
  sapphire | stochastic | transducer | tribology | ultrasonic | unikernel | varactor | vectorization | watermarking | zeolite |
  idempotency | bitemporal | monorepo | sharding | quorum | linearizability | backpressure | tombstoning | memoization |
  coroutine | trampolining | monomorphization | deduplication | checksumming | bytecode | transpiler | microkernel |
  hypervisor | paravirtualization | enclave | attestation | zeroization | tokenization | steganography | fuzzing |
  sandboxing | typosquatting | homoglyph | keylogger | rootkit | bootloader | jailbreak | sideloading |
  cryptojacking | smishing | vishing | clickjacking | deserialization | overprovisioning | underclocking | overclocking |
  thermals | heatsink | vapor | chamber | solder | reflow | lamination | anodizing | machining | injection | molding |
  perovskite | anode | cathode | electrolyte | separator | dendrite | solid-state | sodium-ion | supercapacitor |
  inverter | rectifier | transformer | substation | microgrid | geothermal | hydrogen | electrolyzer | ammonia | biochar |
  desalination | aquaculture | agrivoltaics | permafrost | albedo | aerosol | troposphere | ionosphere | magnetosphere |
  transponder | beamforming | backhaul | fronthaul | spectrum | femtocell | mesh | multipath | interferometry | radiometer |
  altimeter | gyroscope | accelerometer | magnetometer | barometer | hygrometer | spectrometer | oscilloscope | multimeter |
  phonon | exciton | polariton | qubit | decoherence | entanglement | annealing | cryostat | dilution | fridge |
  genomics | proteomics | metabolomics | CRISPR | bioprinting | organoid | microbiome | pharmacokinetics | biomarker |
  telemetry | profiler | flamegraph | heapdump | segfault | deadlock | livelock | starvation |
  backtracking | memoize | quadtree | octree | trie | skiplist | bloom | hyperloglog | reservoir | quantile |
  histogram | percentile | heteroscedasticity | autocorrelation | regularization | dropout | distillation |
  quantization | pruning | sparsity | tokenizer | perplexity | hallucination | grounding |
  retrieval-augmented | reranker | chunking | vectorstore | cosine | manifold | diffusion | denoising | upscaling |
  interpolation | extrapolation | rasterization | raytracing | shader | tessellation | mipmap | antialiasing | framebuffer |
  vsync | refresh | judder | stutter | jitterbuffer | codec | bitrate | transcoding | muxing | chroma | luma |
  colorimetry | gamut | calibration | backlight | microLED | quantum-dot | e-ink | electrochromic | kirigami | origami |
  exoskeleton | prosthetic | teleoperation | lidar-free | odometry | SLAM | kinematics | actuator |
  servo | gearbox | harmonic | cycloidal | gimbal | propeller | rotor | stator | armature | commutator | flywheel |
  escrow | arbitrage | amortization | securitization | underwriting | reinsurance | actuarial | fiduciary | custodial |
  stablecoin | rollup | sidechain | validator | slashing | mempool | nonce | merkle | zk-proof | multisig |
  interoperability | provenance | lineage | anonymization | pseudonymization | differential | federated | homomorphic |
  obfuscation | minification | treeshaking | hydration | memoized | serialization | marshalling | idempotent | eventual |
  consistency | partitioning | replication | failover | quiescence | backfill | compaction | vacuuming | tombstone |
  wraparound | checkpointing | journaling | copy-on-write | dedupe | erasure | parity | scrubbing | bitrot
`);

const CODENAME_SYLLABLES = words(`
  vel | mor | ka | tri | dra | lon | sen | qua | zi | bel | tor | nyx | ara | ost | fen | rul | ix | sha | vio | kel |
  dun | pra | olo | mir | tes | gar | bri | cyn | eth | lum
`);

// ---------------------------------------------------------------------------------------------
// Categories: what each one writes about.

interface CategoryVocabulary {
  /** Countable things (pluralised by rule). */
  things: readonly string[];
  /** Fields of work (never pluralised). */
  fields: readonly string[];
  /** Who buys or uses the things, plural. */
  audiences: readonly string[];
  /** Words that end product names. */
  productWords: readonly string[];
  headings: readonly string[];
  sentences: readonly string[];
  /** Which stories the category runs, each kind repeated by how often. */
  events: readonly EventKind[];
}

type EventKind =
  | "funding"
  | "launch"
  | "outage"
  | "breach"
  | "acquisition"
  | "lawsuit"
  | "earnings"
  | "review"
  | "layoffs"
  | "partnership"
  | "regulation"
  | "research"
  | "release"
  | "executive"
  | "analysis";

function weighted(weights: Partial<Record<EventKind, number>>): readonly EventKind[] {
  return Object.entries(weights).flatMap(([kind, weight]) => Array<EventKind>(weight).fill(kind as EventKind));
}

const CATEGORY_VOCABULARY: Record<Category, CategoryVocabulary> = {
  AI: {
    things: words(`
      language model | reasoning model | coding assistant | chatbot | inference chip | training cluster | image generator |
      speech model | vision model | embedding model | recommendation engine | AI agent | translation model | safety classifier |
      open-weight model | transcription service | AI accelerator | labeling platform | evaluation suite | voice assistant |
      search assistant | foundation model | small model | multimodal model | video generator | fraud detection model |
      forecasting model | tutoring app | support bot | summarization tool
    `),
    fields: words(`
      machine learning | computer vision | model training | synthetic data | reinforcement learning | speech recognition |
      natural language processing | model alignment | retrieval | fine-tuning | inference | model evaluation |
      interpretability research | robot learning | data annotation
    `),
    audiences: words(`
      developers | hospitals | banks | call centers | law firms | researchers | insurers | universities | newsrooms |
      support teams | radiologists | translators | accountants | recruiters
    `),
    productWords: words(`Mind | Assist | Copilot | Reason | Lens | Sage | Echo | Atlas | Muse | Oracle`),
    headings: words(`
      How the model was trained | What the benchmarks show | Where the compute comes from | The safety question |
      Why enterprises are cautious | Open weights or closed | The cost of inference | What the model still gets wrong
    `),
    sentences: words(`
      The model was trained on {bigCount} tokens of licensed and public text, according to a technical report published alongside the release. |
      {company} says the system scores {percent} higher than its predecessor on an internal reasoning benchmark. |
      Running the largest version still requires a cluster of {count} accelerators, which limits who can afford to deploy it. |
      Researchers at {anyCompany} warned that benchmark gains often fail to carry over to messy, real-world {nouns}. |
      Inference costs have fallen sharply over the past {duration}, and {company} is passing some of those savings on to {audience}. |
      Critics argue that {things} still invent facts too often to be trusted with {adj} decisions. |
      Developers can fine-tune the model on their own {nouns} through an API priced at {smallMoney} per million tokens. |
      Regulators in {region} have asked AI developers to document how their {things} are tested before release. |
      The context window now stretches to {smallNumber} thousand tokens, enough to read a long contract in a single pass. |
      Early testers said the {thing} was noticeably better at following instructions, though it still struggled with arithmetic. |
      {company} declined to say how much of its training data came from licensed publishers. |
      The team used {field} techniques to cut the number of harmful answers by {percent} in red-team testing. |
      Demand for {things} has outpaced the supply of chips, pushing some customers to rent capacity months in advance. |
      Smaller {things} that run on a laptop have become a favorite of {audience} worried about sending data to the cloud.
    `),
    events: weighted({
      launch: 3,
      funding: 2,
      research: 3,
      lawsuit: 1,
      partnership: 2,
      regulation: 2,
      release: 2,
      analysis: 2,
      acquisition: 1,
      executive: 1,
    }),
  },
  Mobile: {
    things: words(`
      smartphone | foldable phone | tablet | mobile app | app store | messaging app | mobile browser | wallet app | eSIM |
      phone camera | mobile chip | modem | charging standard | mobile game | budget phone | flagship phone | smartwatch app |
      mobile operating system | carrier plan | banking app | ride-hailing app | photo app | keyboard app | map app
    `),
    fields: words(`
      mobile photography | app distribution | mobile payments | battery life | mobile gaming | 5G coverage | satellite messaging |
      app privacy | mobile advertising | on-device processing | push notifications | mobile security
    `),
    audiences: words(`
      app developers | carriers | teenagers | commuters | mobile gamers | small merchants | parents | travelers | creators |
      first-time smartphone owners | field workers | students
    `),
    productWords: words(`Fold | Pulse | Note | Flip | Go | Ultra | Mini | Edge | Lite | Pro`),
    headings: words(`
      Design and build | The camera | Battery and charging | Software and updates | How it compares | Who it is for |
      The app store rules | What carriers think
    `),
    sentences: words(`
      The phone's battery lasted a full day of heavy use in our testing, with about {percent} left at bedtime. |
      {company} promises {smallNumber} years of operating system updates, longer than most rivals in the price range. |
      The main camera uses a larger sensor that handles low light better, though the zoom lens is unchanged. |
      App developers have complained that store review times stretched to {smallNumber} days during the busy season. |
      Carriers in {region} are expected to start selling the device in {month}. |
      The new {thing} supports satellite messaging, a feature that was limited to flagships {duration} ago. |
      Mobile games now account for roughly {percent} of app store spending, according to {analystFirm}. |
      The hinge feels sturdier than last year's model, and the crease is harder to spot in daylight. |
      {company} says its {thing} reached {bigCount} monthly users, most of them outside North America. |
      Charging at {smallNumber} watts, the phone went from empty to half full in about twenty minutes. |
      The update adds a privacy dashboard that shows which {mobileApps} used the microphone in the past week. |
      Budget phones under {smallMoney}0 have quietly become the fastest-growing part of the market.
    `),
    events: weighted({
      launch: 3,
      review: 3,
      release: 2,
      earnings: 1,
      lawsuit: 1,
      outage: 1,
      analysis: 2,
      partnership: 1,
      regulation: 1,
    }),
  },
  Startups: {
    things: words(`
      payroll platform | fintech app | delivery app | proptech platform | edtech app | creator platform | booking tool |
      scheduling app | expense tracker | invoicing service | hiring platform | carbon accounting tool | telehealth app |
      grocery app | freight marketplace | insurance app | legal software | farm management app | tutoring marketplace |
      home energy app | lending platform | inventory tool | loyalty app | microfinance app
    `),
    fields: words(`
      venture capital | early-stage investing | product-market fit | go-to-market strategy | fundraising | customer acquisition |
      unit economics | bootstrapping | angel investing | startup hiring | founder equity | exit planning
    `),
    audiences: words(`
      small businesses | freelancers | restaurants | landlords | farmers | clinics | warehouses | schools | nonprofits |
      independent retailers | contractors | tradespeople
    `),
    productWords: words(`Flow | Hub | Desk | Ledger | Base | Works | Kit | Loop | Dock | Nest`),
    headings: words(`
      What the company does | The founders | Who invested | The numbers | The competition | What the money is for |
      Why now | The risks
    `),
    sentences: words(`
      The {city}-based startup was founded in {pastYear} by two former engineers at {anyCompany}. |
      Annual recurring revenue has roughly {multiplied} over the past twelve months, the company says. |
      The round was led by {investor}, with participation from existing backers. |
      {company} now employs {smallNumber}0 people and plans to double its engineering team by the end of next year. |
      Venture funding for {things} fell by {percent} last year, according to data from {analystFirm}. |
      The company did not disclose its valuation, but people familiar with the deal described it as a significant step up. |
      Most of its {count} paying customers are {audience} with fewer than {smallNumber}0 employees. |
      Investors have grown pickier about {field}, favoring companies that can show a path to profitability. |
      {person} said the company turned down a larger offer because the investor wanted a board seat. |
      The startup charges a monthly subscription that starts at {smallMoney} per seat. |
      Competition is crowded: at least {smallWord} other {things} target the same customers. |
      The founders met while studying in {otherCity} and built the first prototype in a shared kitchen.
    `),
    events: weighted({
      funding: 5,
      acquisition: 2,
      layoffs: 2,
      launch: 2,
      executive: 1,
      analysis: 1,
      partnership: 1,
    }),
  },
  Cloud: {
    things: words(`
      data center | cloud region | database service | object store | container platform | serverless platform |
      content delivery network | virtual machine | GPU instance | managed Kubernetes service | backup service | cloud console |
      load balancer | identity service | message queue | data warehouse | edge location | availability zone | storage tier |
      monitoring service | cloud contract | private cloud
    `),
    fields: words(`
      cloud computing | capacity planning | cloud pricing | data sovereignty | disaster recovery | cost management |
      workload migration | platform engineering | multicloud strategy | hybrid cloud | observability | edge computing
    `),
    audiences: words(`
      enterprises | government agencies | game studios | streaming services | retailers | banks | startups | hospitals |
      research labs | media companies | airlines | manufacturers
    `),
    productWords: words(`Cloud | Stack | Vault | Grid | Fabric | Compute | Store | Sky | Engine | Harbor`),
    headings: words(`
      What went wrong | Who was affected | The root cause | How the region is built | The pricing change |
      What customers should do | The capacity crunch | Lessons for operators
    `),
    sentences: words(`
      The outage began at {hour} UTC and lasted about {smallNumber} hours before services were fully restored. |
      {company} blamed a faulty configuration change that was pushed to {smallWord} regions at once. |
      Customers running in a single availability zone were hit hardest, while those spread across zones saw brief errors. |
      The new {thing} will open in {city} next year, the company's {ordinal} in {region}. |
      Cloud spending grew {percent} year over year in the {quarter} quarter, according to {analystFirm}. |
      Power constraints have delayed several data center projects, with some utilities asking operators to wait {duration}. |
      {company} cut the price of its {thing} by {percent} and removed fees for moving data out. |
      Engineers said the incident exposed a dependency that was missing from the company's own recovery plans. |
      Many {audience} are moving some workloads back on premises to control costs, a trend analysts call repatriation. |
      The status page showed all systems as healthy for the first {smallNumber}0 minutes of the incident. |
      GPU instances remain scarce, and some customers have signed multi-year commitments to secure capacity. |
      The company promised a full post-incident review within {smallWord} days.
    `),
    events: weighted({
      outage: 3,
      launch: 2,
      earnings: 2,
      partnership: 2,
      acquisition: 1,
      release: 1,
      analysis: 2,
      regulation: 1,
    }),
  },
  Gadgets: {
    things: words(`
      laptop | smartwatch | fitness tracker | headphone | earbud | e-reader | smart speaker | robot vacuum | action camera |
      drone | game console | handheld console | mechanical keyboard | monitor | projector | smart ring | VR headset |
      mirrorless camera | portable charger | smart thermostat | video doorbell | electric bike | 3D printer | tablet stand
    `),
    fields: words(`
      industrial design | battery chemistry | display technology | sound quality | repairability | smart home |
      wearable health tracking | home robotics | noise cancellation | haptic feedback | e-paper displays | console gaming
    `),
    audiences: words(`
      commuters | runners | gamers | photographers | parents | students | remote workers | audiophiles | travelers |
      cyclists | home cooks | hobbyists
    `),
    productWords: words(`One | Air | Max | Sport | Studio | Loop | Beam | Spark | Halo | Nova`),
    headings: words(`
      Design | Performance | Battery life | What we liked | What we did not like | The competition | Should you buy it |
      Repairability
    `),
    sentences: words(`
      In our testing, the battery lasted {smallNumber} hours with noise cancellation switched on. |
      The {thing} weighs {grams} grams, noticeably lighter than the model it replaces. |
      At {money2}, it costs more than most rivals, and the extra money mostly buys nicer materials. |
      The companion app is cluttered, and pairing a second device took several attempts. |
      {company} says the screen reaches {count} nits, bright enough to read outdoors at midday. |
      Repair specialists gave the device {smallWord} out of ten, praising screws over glue. |
      The sensor readings matched a chest strap within {smallNumber} beats per minute on steady runs. |
      Sound is warm and detailed, though bass-heavy tracks can sound muddy at high volume. |
      The {thing} charges over USB-C and reaches full charge in about {smallNumber}0 minutes. |
      Our review unit developed a faint rattle after {smallWord} weeks, which {company} says it is investigating. |
      Reviewers at {outlet} called it the best {thing} of the year, with a few reservations. |
      The hardware is excellent; the software still feels a generation behind.
    `),
    events: weighted({
      review: 4,
      launch: 3,
      earnings: 1,
      lawsuit: 1,
      analysis: 1,
      partnership: 1,
    }),
  },
  Software: {
    things: words(`
      programming language | web framework | code editor | package manager | database engine | operating system |
      design tool | office suite | browser engine | build tool | testing framework | compiler | version control system |
      project tracker | note-taking app | password manager | video editor | spreadsheet app | developer platform |
      terminal emulator | static site generator | game engine | query language | runtime
    `),
    fields: words(`
      open-source maintenance | developer experience | software supply chains | memory safety | web performance |
      continuous integration | code review | accessibility | localization | API design | technical debt | type safety
    `),
    audiences: words(`
      developers | maintainers | designers | students | system administrators | game developers | data scientists |
      enterprise IT teams | hobbyists | open-source contributors | technical writers | product teams
    `),
    productWords: words(`Studio | Code | Forge | Script | Notes | Docs | Works | Build | Suite | Shell`),
    headings: words(`
      What is new in this release | Breaking changes | Performance | The licensing question | How to upgrade |
      What maintainers say | The road to the next version | Developer reaction
    `),
    sentences: words(`
      Version {version} ships with a rewritten parser that the maintainers say is {percent} faster on large projects. |
      The release drops support for {smallWord} older platforms, which may force some teams to upgrade their tooling. |
      Maintainers said the change was discussed for {duration} on the project's issue tracker before it landed. |
      {company} moved the project to a more restrictive license, prompting a community fork within days. |
      Memory-safety bugs still account for a large share of the security fixes in the {thing}. |
      The {thing} now starts in under {smallNumber}0 milliseconds on a typical laptop. |
      Roughly {count} contributors sent patches for this release, a record for the project. |
      Developers on {outlet}'s forums praised the new error messages, which point to the exact line at fault. |
      The upgrade guide lists {smallNumber} breaking changes, most of them renamed settings. |
      Package downloads grew {percent} over the past year, according to registry statistics. |
      The team says the next version will focus on {field} rather than new features. |
      Enterprises running the long-term support branch will receive security fixes until {nextYear}.
    `),
    events: weighted({
      release: 4,
      launch: 2,
      acquisition: 1,
      layoffs: 1,
      outage: 1,
      analysis: 2,
      lawsuit: 1,
      funding: 1,
    }),
  },
  Security: {
    things: words(`
      password manager | firewall | VPN | authentication app | hardware security key | bug bounty program |
      security patch | intrusion detection system | threat intelligence feed | encryption library | endpoint agent |
      security scanner | passkey system | email filter | secrets vault | browser isolation tool | audit log |
      phishing simulator | security camera | identity platform | backup appliance | code signing service
    `),
    fields: words(`
      incident response | threat hunting | vulnerability disclosure | identity security | cloud security | endpoint protection |
      security awareness training | penetration testing | zero trust | password hygiene | digital forensics | cyber insurance
    `),
    audiences: words(`
      hospitals | school districts | city governments | banks | retailers | law firms | utilities | manufacturers |
      small businesses | universities | airlines | insurers
    `),
    productWords: words(`Shield | Guard | Sentinel | Vault | Lock | Watch | Bastion | Ward | Gate | Keep`),
    headings: words(`
      What happened | What was taken | How the attackers got in | Who is behind it | What you should do |
      The disclosure timeline | The regulatory fallout | How to protect yourself
    `),
    sentences: words(`
      The attackers gained access through a contractor's account that did not require a second factor. |
      {company} said it detected unusual activity on {month} {day} and took affected systems offline. |
      Stolen data includes names, email addresses and, for some customers, partial payment card numbers. |
      Researchers at {anyCompany} attributed the campaign to a group that has targeted {audience} since {pastYear}. |
      The vulnerability, rated {cvss} out of ten in severity, allows remote code execution without authentication. |
      A patch was released on {month} {day}, but scans show thousands of servers remain exposed. |
      The ransomware gang posted a sample of the stolen files on its leak site and demanded {money}. |
      Security teams are urged to rotate credentials and review access logs going back {smallNumber}0 days. |
      Phishing emails impersonated the company's help desk and linked to a convincing login page. |
      Regulators in {region} have opened an inquiry into whether the breach was reported in time. |
      The {threat} has been linked to at least {count} intrusions over the past {duration}. |
      Investigators traced the {threat} to servers rented in {otherCity} under false names. |
      A {threat} hit {count} {audience} last year, according to {analystFirm}. |
      Experts say hardware security keys would have stopped the attack at the first step.
    `),
    events: weighted({
      breach: 4,
      outage: 1,
      research: 2,
      lawsuit: 1,
      regulation: 1,
      analysis: 2,
      funding: 1,
      acquisition: 1,
    }),
  },
};

// ---------------------------------------------------------------------------------------------
// Stories: what each kind of event says in its title, excerpt, intro and body.

interface EventTemplates {
  titles: readonly string[];
  excerpts: readonly string[];
  intros: readonly string[];
  headings: readonly string[];
  sentences: readonly string[];
}

const EVENTS: Record<EventKind, EventTemplates> = {
  funding: {
    titles: words(`
      {company} Raises {money} to Build {things} for {audience} |
      {company} Lands {money} Series {seriesLetter} as Investors Bet on {field} |
      {investor} Leads {money} Round in {company} |
      {company}, a {city} {thing} Startup, Raises {money} |
      With {money} in New Funding, {company} Takes Aim at {audience}
    `),
    excerpts: words(`
      The {city}-based company says it will use the money to hire engineers and expand into {region}. |
      The round, led by {investor}, values the company at {bigMoney}, people familiar with the deal said. |
      Investors are betting that {audience} will pay for {things} that save them hours each week. |
      {company} has raised {money2} in total and says it is close to breaking even.
    `),
    intros: words(`
      {company}, a {city}-based startup that builds {things} for {audience}, has raised {money} in a Series {seriesLetter} round led by {investor}. |
      The company says it will use the money to expand its engineering team and build the integrations its customers ask for most. |
      The raise comes as investors grow more selective about {field}, favoring companies with paying customers over pure growth.
    `),
    headings: words(`What the money is for | Who invested | The numbers | Why investors said yes`),
    sentences: words(`
      {person}, {company}'s {role}, said the round was oversubscribed within {smallWord} weeks. |
      The company plans to reach {count} customers by the end of {nextYear}. |
      Existing investors, including {investor2}, also joined the round. |
      The valuation was not disclosed, but {company} said it was well above its previous round.
    `),
  },
  launch: {
    titles: words(`
      {company} Launches {product}, {a:adj} {thing} for {audience} |
      {company} Unveils {product} With {adj} {field} Features |
      {product} Is {company}'s Answer to {competitorProduct} |
      {company} Bets on {field} With {product} |
      Hands On With {product}, {company}'s New {thing}
    `),
    excerpts: words(`
      The {thing} goes on sale in {month} at {money2}, with a cheaper version for {audience}. |
      {company} says {product} is twice as fast as the model it replaces and uses less power. |
      The launch puts {company} in direct competition with {company2} for the first time. |
      It is the company's first new product in {duration}, and it arrives in a crowded market.
    `),
    intros: words(`
      {company} on {weekday} introduced {product}, {a:adj} {thing} aimed at {audience}. |
      The launch is the company's most ambitious in {duration}, and it puts {company} up against {company2}. |
      {product} will be available in {region} first, with a wider rollout planned for later in the year.
    `),
    headings: words(`What {product} does | Pricing and availability | How it compares | First impressions`),
    sentences: words(`
      {product} costs {money2} and will ship in {month}. |
      {person}, {company}'s {role}, called it "the product we have wanted to build since day one." |
      Early customers include {smallWord} large {audience}, according to the company. |
      The company says {product} was built with feedback from {count} beta testers.
    `),
  },
  outage: {
    titles: words(`
      {company} Outage Knocks {audience} Offline for {smallNumber} Hours |
      A Bad Configuration Change Took Down {company}'s {thing} |
      {company} Apologizes After {duration} of Errors |
      What Caused {company}'s {weekday} Outage |
      {company}'s {thing} Goes Dark Across {region}
    `),
    excerpts: words(`
      The company blamed a configuration change that spread to every region before anyone noticed. |
      Thousands of {audience} lost access for several hours, and some are asking for refunds. |
      {company} promised a full post-incident review and credits for affected customers. |
      The incident exposed how many services depend on a single provider.
    `),
    intros: words(`
      A widespread outage at {company} left {audience} unable to reach its {thing} for several hours on {weekday}. |
      The company said a routine change to its {thing} triggered a cascade of failures that its safeguards did not catch. |
      Service was restored by the evening, but the incident renewed questions about how much the industry relies on a handful of providers.
    `),
    headings: words(`How the outage unfolded | The root cause | The cost to customers | What happens next`),
    sentences: words(`
      Error rates peaked at {percent} of requests about forty minutes after the change was deployed. |
      Engineers rolled back the change, but caches across the network took hours to recover. |
      {company} said no customer data was lost. |
      Affected customers will receive service credits worth up to {percent} of their monthly bill.
    `),
  },
  breach: {
    titles: words(`
      {company} Confirms Breach Exposing {bigCount} Customer Records |
      Hackers Stole Data From {company} Through a Contractor's Account |
      {company} Says Attackers Accessed {audience}' Personal Data |
      Ransomware Attack Disrupts {company} Systems |
      {company} Breach: What Was Taken and What to Do Now
    `),
    excerpts: words(`
      The company says names, email addresses and some payment details were taken, but not passwords. |
      Attackers had access for {smallNumber} days before the intrusion was detected, according to a regulatory filing. |
      The breach affects customers in {region}, and regulators have been notified. |
      Security researchers linked the attack to a group that has targeted {audience} before.
    `),
    intros: words(`
      {company} has confirmed that attackers accessed a database containing personal information about {bigCount} customers. |
      The company said it discovered the intrusion on {month} {day}, took the affected systems offline and called in outside investigators. |
      It is the latest in a string of attacks on {audience}, which often hold sensitive data on aging systems.
    `),
    headings: words(`What was taken | How the attackers got in | The response | What customers should do`),
    sentences: words(`
      {company} is offering affected customers {smallWord} years of free credit monitoring. |
      {person}, the company's {role}, said the investigation was still under way. |
      The attackers used stolen credentials to log in, then moved sideways through the network for days. |
      Customers are advised to change their passwords and watch for phishing emails that mention the breach.
    `),
  },
  acquisition: {
    titles: words(`
      {company} to Acquire {company2} for {bigMoney} |
      {company} Buys {company2} to Strengthen Its {thing} Business |
      Why {company} Paid {bigMoney} for {company2} |
      {company} Agrees to Buy {company2}, Its Biggest Deal Yet |
      {company2} Sells to {company} After Years of Independence
    `),
    excerpts: words(`
      The all-cash deal is expected to close in the {quarter} quarter, pending regulatory approval. |
      {company2}'s {count} employees will join {company}, and its product will keep its name for now. |
      The acquisition gives {company} a foothold in {field}, where it has lagged rivals. |
      Analysts say the price is steep but reflects how hard it is to build {things} from scratch.
    `),
    intros: words(`
      {company} has agreed to acquire {company2}, a maker of {things} for {audience}, for {bigMoney} in cash and stock. |
      The deal, announced on {weekday}, is the largest in {company}'s history and is expected to close in the {quarter} quarter. |
      It brings together two companies that have competed for the same customers for {duration}.
    `),
    headings: words(`Why {company} wants {company2} | The price | What changes for customers | The regulatory hurdle`),
    sentences: words(`
      {company2}'s founders will stay on to run the business as a unit of {company}. |
      The price represents roughly {smallNumber} times {company2}'s annual revenue. |
      Competition authorities in {region} are expected to review the deal closely. |
      Customers were told their contracts and pricing would not change for at least a year.
    `),
  },
  lawsuit: {
    titles: words(`
      {company} Sued Over {field} Practices |
      {company2} Takes {company} to Court Over {thing} Patents |
      Judge Allows Lawsuit Against {company} to Proceed |
      {company} Settles {thing} Lawsuit for {money} |
      {audience} File Class Action Against {company}
    `),
    excerpts: words(`
      The complaint, filed in {region}, accuses the company of misleading customers about its {thing}. |
      {company} called the lawsuit meritless and said it would fight the claims in court. |
      The case could set a precedent for how courts treat {field}. |
      Under the settlement, {company} admits no wrongdoing but agrees to change how it handles {nouns}.
    `),
    intros: words(`
      {company} is facing a lawsuit that accuses it of {lawsuitClaim}. |
      The complaint was filed on {weekday} by {audience} who say the company's {thing} harmed them. |
      Legal experts say the case will turn on whether {company} clearly disclosed how its {thing} works.
    `),
    headings: words(`The allegations | {company}'s response | What the law says | What comes next in court`),
    sentences: words(`
      The plaintiffs are seeking damages of at least {money}. |
      A hearing is scheduled for {month}. |
      {company} has faced similar claims in {region} and settled them out of court. |
      The judge rejected {company}'s request to move the case to arbitration.
    `),
  },
  earnings: {
    titles: words(`
      {company} Revenue Climbs {percent} as {thing} Demand Surges |
      {company} Misses Estimates as {field} Slows |
      {company} Shares Jump After Strong {quarterTitle} Quarter |
      {company} Raises Forecast on {thing} Sales |
      {company} Profit Falls Despite Record {thing} Shipments
    `),
    excerpts: words(`
      Revenue rose to {bigMoney} in the {quarter} quarter, ahead of analysts' expectations. |
      The company raised its full-year forecast, citing strong demand from {audience}. |
      Margins narrowed as the company spent heavily on {field}. |
      Shares moved sharply in after-hours trading as investors digested the guidance.
    `),
    intros: words(`
      {company} reported {quarter}-quarter revenue of {bigMoney} on {weekday}, up {percent} from a year earlier. |
      The results were driven by sales of its {thing}, which the company said grew faster than any other line. |
      Executives were more cautious about the months ahead, pointing to pricing pressure and higher costs for {nouns}.
    `),
    headings: words(`The numbers | What drove growth | The outlook | What analysts said`),
    sentences: words(`
      Operating margin was {percent}, compared with {percent2} a year ago. |
      {person}, the {role}, told analysts the company would keep investing in {field}. |
      The company bought back {money} of its own shares during the quarter. |
      Analysts at {analystFirm} called the guidance conservative.
    `),
  },
  review: {
    titles: words(`
      {product} Review: {reviewVerdict} |
      {product} Review: The Best {thing} for {audience}? |
      I Used {product} for {smallWord} Weeks. Here Is What I Learned |
      {product} Review: Great Hardware, Frustrating Software |
      {product} vs. {competitorProduct}: Which {thing} Should You Buy?
    `),
    excerpts: words(`
      {company}'s latest {thing} gets the basics right, but the price is hard to justify. |
      A thinner design, a brighter screen and a battery that finally lasts all day. |
      It is the best {thing} we have tested this year, with one real catch. |
      Great for {audience}; everyone else should wait for the next version.
    `),
    intros: words(`
      {product} is {company}'s attempt to win over {audience}, and on paper it has everything they could want. |
      We spent {smallWord} weeks with the {thing}, using it every day at home, at work and on the road. |
      The result is a device that gets the important things right and a few small things frustratingly wrong.
    `),
    headings: words(`Design | Performance | Battery | The verdict`),
    sentences: words(`
      Our verdict: {reviewVerdict}. |
      We would rate it {smallNumber} out of ten, held back mostly by its price. |
      Compared with {competitorProduct}, it is faster but noticeably heavier. |
      If you already own last year's model, there is little reason to upgrade.
    `),
  },
  layoffs: {
    titles: words(`
      {company} Cuts {count} Jobs as It Refocuses on {field} |
      {company} Lays Off {percent} of Staff |
      {company} Trims Teams Working on {things} |
      Layoffs Hit {company} Weeks After New Funding |
      {company} Restructures, Closing Its {city} Office
    `),
    excerpts: words(`
      The cuts fall mostly on sales and support, the company said in a memo to staff. |
      {company} says the restructuring will save {money} a year. |
      Affected employees will receive {smallWord} months of severance and extended health coverage. |
      It is the company's second round of layoffs in {duration}.
    `),
    intros: words(`
      {company} is laying off about {count} employees, roughly {percent} of its workforce, as it narrows its focus to {field}. |
      In a memo to staff, {person}, the company's {role}, said the company had grown faster than its revenue could support. |
      The cuts come as many companies selling {things} struggle with slower sales and higher costs.
    `),
    headings: words(`Who is affected | Why now | What the company says | The wider picture`),
    sentences: words(`
      The {city} office will close by the end of the {quarter} quarter. |
      Some teams working on {things} will be merged into a single group. |
      Former employees posted messages of support for colleagues who were let go. |
      The company said it would continue to hire for a small number of engineering roles.
    `),
  },
  partnership: {
    titles: words(`
      {company} and {company2} Team Up on {things} |
      {company} Partners With {company2} to Bring {field} to {audience} |
      {company2} Will Power {company}'s New {thing} |
      {company} Signs Multi-Year Deal With {company2} |
      Why {company} Chose {company2} for Its {thing}
    `),
    excerpts: words(`
      The multi-year agreement covers {things} and joint sales to {audience}. |
      Financial terms were not disclosed, but the deal is one of the largest of its kind. |
      The partnership lets {company} offer {field} without building it in-house. |
      Customers will see the first joint products in {month}.
    `),
    intros: words(`
      {company} and {company2} announced a multi-year partnership on {weekday} to build {things} for {audience}. |
      Under the agreement, {company2} will supply the underlying technology while {company} handles sales and support. |
      The deal reflects a wider trend of companies pairing up rather than competing head-on in {field}.
    `),
    headings: words(`What the deal covers | Why they need each other | What it means for customers | The competition`),
    sentences: words(`
      The first joint product is expected in {month}. |
      {person} said the two companies had been talking for {duration}. |
      Neither company disclosed the financial terms. |
      Analysts at {analystFirm} said the deal puts pressure on {anyCompany}.
    `),
  },
  regulation: {
    titles: words(`
      Regulators in {region} Target {things} With New Rules |
      New Rules in {region} Force {company} to Change Its {thing} |
      Lawmakers Push Limits on {field} |
      {company} Faces Inquiry Over {field} |
      What a New Law on {field} Means for {audience}
    `),
    excerpts: words(`
      The rules take effect in {nextYear} and carry fines of up to {percent} of global revenue. |
      Industry groups say the requirements are vague and will be hard to follow. |
      {company} says it will comply but warned that some features may be delayed in {region}. |
      Consumer advocates welcomed the move but said enforcement will decide whether it works.
    `),
    intros: words(`
      Regulators in {region} have adopted new rules that will change how companies build and sell {things}. |
      The rules require companies to document risks, disclose how their {things} work and respond to complaints within {smallNumber} days. |
      {company}, one of the companies most affected, said it was reviewing the text.
    `),
    headings: words(`What the rules require | Who is affected | The industry's response | Enforcement`),
    sentences: words(`
      Companies that break the rules face fines of up to {money}. |
      The rules were negotiated over {duration} and drew more than {count} public comments. |
      Smaller companies will get an extra year to comply. |
      {person} of {anyCompany} called the rules "a reasonable start."
    `),
  },
  research: {
    titles: words(`
      Researchers Show {things} Can Be Fooled by Simple Tricks |
      New Study Finds {field} Gains Are Overstated |
      {company} Researchers Publish {adj} Results on {field} |
      A Lab in {city} Says It Has Solved a Hard Problem in {field} |
      Study: {audience} Trust {things} More Than They Should
    `),
    excerpts: words(`
      The paper, to be presented in {month}, tested {count} systems and found the same weakness in most of them. |
      The results are early, but other researchers called the method promising. |
      The team has released its code and data so others can check the work. |
      The findings add to a growing body of evidence about the limits of {field}.
    `),
    intros: words(`
      A team of researchers from {company} and a university in {city} has published a study on {field}. |
      The researchers tested {count} {things} under conditions meant to mimic real use, rather than tidy benchmarks. |
      Their results suggest that some of the field's headline claims need a closer look.
    `),
    headings: words(`How the study worked | What the researchers found | The caveats | Why it matters`),
    sentences: words(`
      The paper has not yet been peer reviewed. |
      {person}, who led the study, said the team was surprised by how consistent the results were. |
      Other researchers cautioned that the sample was small. |
      The team plans to repeat the experiment with {smallNumber} more partners next year.
    `),
  },
  release: {
    titles: words(`
      {product} {version} Arrives With {adj} {field} Improvements |
      What Is New in {product} {version} |
      {company} Ships {product} {version} After {duration} of Work |
      {product} {version} Drops Support for Older {things} |
      {product} {version} Is Faster, Smaller and Easier to Upgrade
    `),
    excerpts: words(`
      The release focuses on {field}, with fewer new features than usual. |
      Upgrading is straightforward for most projects, though a few settings have been renamed. |
      It is the first major release since the project changed its governance. |
      Maintainers say the update fixes {count} bugs and closes several long-standing requests.
    `),
    intros: words(`
      {product} {version} is out, and the headline change is a focus on {field}. |
      The release was {duration} in the making and includes contributions from {count} people. |
      Most users can upgrade without changes, but teams with custom setups should read the notes first.
    `),
    headings: words(`Highlights | Breaking changes | Upgrading | What is next`),
    sentences: words(`
      The maintainers recommend testing the upgrade on a staging environment first. |
      A long-term support release is planned for {nextYear}. |
      {person}, a maintainer, said the team cut build times by {percent}. |
      The release notes list {smallNumber} deprecated settings that will be removed next year.
    `),
  },
  executive: {
    titles: words(`
      {company} Names {person} as {roleTitle} |
      {company}'s {roleTitle} Steps Down After {duration} |
      {person} Leaves {company2} to Lead {company} |
      {company} Shakes Up Leadership as Growth Slows |
      Meet {person}, the New {roleTitle} of {company}
    `),
    excerpts: words(`
      {person} previously spent {duration} at {company2}, where they ran the {thing} business. |
      The change takes effect in {month}; the outgoing executive will stay on as an adviser. |
      Investors pushed for new leadership after a difficult year. |
      The appointment signals a sharper focus on {field}.
    `),
    intros: words(`
      {company} has named {person} as its new {role}, effective {month}. |
      {person} joins from {company2}, where they oversaw {things} and grew the team to {count} people. |
      The appointment comes at a pivotal moment for {company}, which is trying to expand beyond its core {thing}.
    `),
    headings: words(`Who is {last} | The challenges ahead | Why the change | What employees were told`),
    sentences: words(`
      In a note to employees, {last} said the first priority would be {field}. |
      The board had been searching for a successor for {duration}. |
      {company} shares rose {percent} on the news. |
      {last} is the company's {ordinal} {role} in five years.
    `),
  },
  analysis: {
    titles: words(`
      Why {things} Are Suddenly Everywhere |
      The Hidden Cost of {field} |
      {audience} Are Rethinking {things}. Here Is Why |
      Is {field} Overhyped? |
      What {company}'s Strategy Tells Us About {field} |
      The Quiet Race to Build Better {things}
    `),
    excerpts: words(`
      We talked to {smallNumber} {audience} about what is working, what is not, and what they would change. |
      The industry is betting heavily on {field}, but the returns are uneven. |
      A closer look at the numbers behind one of the year's biggest trends. |
      The technology is ready; the business models mostly are not.
    `),
    intros: words(`
      Over the past {duration}, {things} have gone from a curiosity to something {audience} expect. |
      The shift has been driven less by a single breakthrough than by a steady drop in cost and a pile of small improvements. |
      But talk to the people who buy and build them and a more complicated picture emerges.
    `),
    headings: words(`How we got here | The economics | What the skeptics say | Where it goes from here`),
    sentences: words(`
      {analystFirm} estimates the market for {things} will reach {bigMoney} by {nextYear}. |
      Not everyone is convinced: {person} of {anyCompany} called the trend "mostly marketing." |
      The biggest winners so far have been the companies selling the infrastructure underneath. |
      For {audience}, the question is less whether to adopt {field} than how fast.
    `),
  },
};

// ---------------------------------------------------------------------------------------------
// Sentences every category uses. Slots in braces; "a:" before a slot adds "a" or "an".

const GENERAL_SENTENCES = words(`
  {company} said the {adj} {thing} would reach {audience} in {region} by {month}. |
  Analysts at {analystFirm} estimate that {things} could account for {percent} of the market by {nextYear}. |
  The company {vpast} its {noun} last year after complaints from {audience}. |
  {person}, {company}'s {role}, said the team had {adv} {vpast} the {noun} to cope with demand. |
  That decision {adv} changed how {audience} think about {field}. |
  Competitors including {company2} and {anyCompany} have {vpast} similar {nouns} in recent months. |
  The {noun} is {a:adj} one, and the company admits it will take time to get right. |
  According to people familiar with the plans, {company} wants to {vbase} its {nouns} before the end of the year. |
  {company} has spent {duration} trying to {vbase} its {noun}, with mixed results. |
  The {adj} {noun} costs {money2} a year, a price some {audience} consider steep. |
  Some {nouns} were {vpast} to reduce {massNoun} costs, the company said in a statement. |
  For {audience}, the change means fewer {nouns} and {a:adj} {noun} to manage. |
  {company2} {adv} {vpast} a rival {thing} earlier this year, but it has struggled to win customers. |
  The biggest question is whether {audience} will pay for {things} at all. |
  Internal documents show the company {vpast} {smallWord} {nouns} that had been planned for {pastYear}. |
  In {city}, where the company has its largest office, {count} people work on {field}. |
  {massNounCap} remains the main constraint, according to {person} of {anyCompany}. |
  Industry watchers see the {adj} {noun} as a sign of growing {massNoun}. |
  It is not the first time {company} has {vpast} {a:noun} under pressure from {people}. |
  Sales of {things} grew {percent} in the {quarter} quarter, helped by demand in {region}. |
  The {noun} will be {vpast} in stages, starting with {audience} in {region}. |
  {company} would not say how many {nouns} it had {vpast}, citing competitive reasons. |
  The company {adv} {vpast} the {noun} and said it would share more details in {month}. |
  Observers say {field} has become a crowded space, with dozens of {adj} {things} competing for attention. |
  The team {vpast} {a:adj} {noun} that lets {audience} {vbase} their {nouns} without help from IT. |
  {company}'s {thing} has been adopted by {count} {audience} so far, the company says. |
  Investors have {adv} rewarded companies that {vbase} their {nouns} quickly. |
  A spokesperson for {company} said the {noun} was working as intended. |
  Several {people} told us they were {mood} about the change but willing to try it. |
  That leaves {company} with {a:adj} {noun} to fix and {a:adj} {noun} to explain. |
  The {thing} market is expected to grow {percent} a year through {nextYear}, according to {analystFirm}. |
  Earlier versions of the {thing} were criticized for poor {massNoun} and {adj} {nouns}. |
  {person} said the company had learned from {pastYear}, when a similar {noun} was {vpast} after {smallWord} weeks. |
  To win over {audience}, {company} is leaning on {massNoun} and {a:adj} {noun}. |
  The move puts {company} ahead of {company2} for now, though the lead may not last. |
  Documents filed with regulators in {region} show the company has {vpast} {count} {nouns} since {pastYear}. |
  {company} employs about {count} people, most of them in {city} and {otherCity}. |
  The {noun} was designed with {field} in mind, and it shows. |
  Without {massNoun}, even the best {thing} will struggle to find buyers, one analyst noted. |
  Both companies {adv} {vpast} their {nouns} this year, a sign of how competitive the market has become. |
  In a blog post, the company said it had {vpast} the {noun} after reviewing feedback from {count} customers. |
  The effort is led by {person}, who joined from {anyCompany} in {pastYear}. |
  {audienceCap} we spoke to described the {noun} as {adj} but useful. |
  {company} has not said when the {thing} will reach {region}. |
  A similar {noun} at {anyCompany} was {vpast} last year after it failed to attract {audience}. |
  Pricing starts at {smallMoney} a month for individuals, with discounts for {audience}. |
  The company expects {massNoun} to improve as the {thing} matures. |
  Even so, the {noun} is a reminder of how much {field} still depends on {massNoun}. |
  That is a sharp change from {duration} ago, when {things} were mostly a niche product. |
  The company said {percent} of its customers had already {vpast} their {nouns}. |
  Most of the {nouns} were {vpast} over a single weekend, according to {person}. |
  Some {people} worry that {company} will {vbase} the {noun} if it does not pay off. |
  {company} is also testing {a:adj} {noun} with a small group of {audience}. |
  At least {smallWord} {nouns} have been {vpast} as part of the effort. |
  The numbers are modest, but they point in the right direction for {company}. |
  It remains to be seen whether {company2} will respond with {a:adj} {thing} of its own. |
  Those plans depend on {massNoun}, which has been hard to predict this year. |
  Asked about {company2}, {last} said the two companies were solving different problems. |
  {company} first {vpast} the {noun} in {pastYear} and has {adv} {vpast} it since. |
  The {adj} design of the {thing} has been praised by {audience} and criticized by {audience2}. |
  {last} said the company would publish more data on {field} later this year. |
  There are signs that {audience} are growing tired of {adj} {nouns}. |
  The {thing} is now used by {count} organizations, up from {count2} a year ago. |
  Getting {audience} to switch has proved harder than {company} expected. |
  {company} is not alone: {company2} and {anyCompany} have both {vpast} {adj} {nouns}. |
  Costs remain a sticking point, with some {audience} paying {money2} or more each year. |
  The company plans to {vbase} {a:adj} {noun} in {city} next year. |
  Over {duration}, the {thing} has gone from {a:adj} experiment to a core part of the business. |
  The {thing} {adv} reached {count} paying customers, well ahead of the company's internal target. |
  Critics say {company} has been slow to {vbase} its {nouns}, leaving room for {company2}. |
  One early customer, {a:audienceSingular} in {city}, said the {noun} saved its staff hours each week. |
  {person} described {field} as "the part of the business nobody notices until it breaks." |
  "We {vpast} the {noun} because our customers asked for it," said {person}, {company}'s {role}. |
  "This is {a:adj} {noun}, not {a:adj2} one," {last} said in an interview. |
  "{audienceCap} want fewer surprises and better {massNoun}," said {person} of {analystFirm}. |
  "Nobody expected the {noun} to be this {adj}," one employee told {outlet}. |
  {people2Cap} have been asking for {a:adj} {noun} for years, and {company} finally listened. |
  The company hired {smallNumber}0 {people} last quarter, many of them from {anyCompany}. |
  Much of the work happens in {city}, where {company} opened {a:adj} {noun} in {pastYear}. |
  The {noun} runs on {company2}'s {thing}, a detail the company rarely mentions. |
  Last year {company} {vpast} {percent} of its {nouns}, and the savings paid for the new {thing}. |
  {company} expects the {noun} to pay for itself within {duration}. |
  The launch of the {noun} slipped twice, first because of {massNoun} and then because of {massNoun}. |
  {person} joined {company} as {role} in {pastYear} after {duration} at {anyCompany}. |
  Neither company would comment on the {noun} or its timing. |
  The {adj} {thing} sold out in {region} within {smallWord} days, according to {outlet}. |
  A survey of {count} {people} by {analystFirm} found that {percent} planned to {vbase} their {nouns} this year. |
  {company} shares have {vpast} {percent} since the start of the year. |
  The timing is awkward: {company2} {vpast} {a:adj} {noun} just {smallWord} weeks earlier. |
  That gap matters most to {audience}, who tend to {vbase} their {nouns} only once every few years. |
  For now, the {thing} is available only in {region} and only to existing customers. |
  {company} said it had {vpast} the {noun} with {smallWord} large {audience} before opening it to everyone. |
  The company's {adj} approach to {field} sets it apart from {company2}. |
  Behind the scenes, a team of {smallNumber}0 {people} spent {duration} rebuilding the {noun}. |
  {people2Cap} at {anyCompany} said privately that they were {mood} about the plan. |
  That could change if {massNoun} improves or if {company2} cuts prices. |
  The {noun} is {adv} {adj}, which suits {audience} better than anyone else. |
  Questions remain about {massNoun}, and {company} has so far offered few answers. |
  Independent tests by {outlet} found the {thing} {percent} faster than the previous version. |
  {company} plans to open its {noun} to outside {people} next year. |
  The company {adv} {vpast} the {noun} in {month}, months ahead of schedule. |
  In {region}, where rules on {field} are stricter, the rollout will take longer. |
  According to {person}, {massNoun} was the deciding factor. |
  About {percent} of {company}'s revenue now comes from {things}, up from almost nothing {duration} ago. |
  {company} says it has no plans to {vbase} the {noun}, despite pressure from {people}. |
  The result is {a:adj} {thing} that does a few things well and many things adequately. |
  It is a familiar pattern in {field}: a {adj} start, a costly middle and, sometimes, a payoff. |
  Their biggest complaint is {massNoun}, followed closely by the {adj} {noun}. |
  {company} told {outlet} that the {noun} had been {vpast} for security reasons. |
  The {thing} shares many parts with {competitorProduct}, which launched {duration} ago. |
  Where {company2} sells {things} mostly to {audience}, {company} has focused on {audience2}.
`);

const BULLET_SENTENCES = words(`
  {adjCap} {nouns} for {audience} |
  Support for {field} across every {noun} |
  A new {noun} that replaces the old {noun} |
  Pricing from {smallMoney} a month |
  Availability in {region} from {month} |
  {count} {nouns} {vpast} in the first month |
  Integration with {company2}'s {thing} |
  {adjCap} controls over {massNoun} |
  Revenue growth of {percent} year over year |
  About {count} customers, most of them {audience} |
  A {adj} {noun}, {vpast} from scratch |
  Faster {massNoun} on older {nouns} |
  An optional {noun} for {audience} |
  {smallNumber} new {nouns} at launch |
  Headcount of {count}, up from {count2} a year ago |
  {adjCap} reporting for {audience} |
  Longer support for {pastYear} {nouns}
`);

const QUOTES = words(`
  We built this for people who were tired of waiting for {adj} {nouns} |
  The hard part was never the {noun}. The hard part is {massNoun} |
  Our customers told us the old {noun} was {adj}, and they were right |
  If we cannot {vbase} the {noun}, someone else will |
  Every {noun} we {vpast} this year made the next one easier |
  Nobody buys {things} for the specifications. They buy them because they trust them |
  The market is moving faster than anyone planned for, including us |
  We would rather ship something {adj} than promise something perfect
`);

const RARE_SENTENCES = words(`
  The filing also mentions {rare}, an area {company} has studied quietly since {pastYear}. |
  Engineers pointed to {rare} as the detail most reviews overlooked. |
  Part of the improvement comes from work on {rare}, which the team described only briefly. |
  One patent application, filed in {pastYear}, covers {rare} in the {thing}. |
  Specialists said the approach to {rare} was the most interesting part of the announcement. |
  A footnote in the technical documentation refers to {rare}, without further explanation.
`);

const CODENAME_SENTENCES = words(`
  Internally, the project was known as {codename}. |
  The work grew out of an internal effort code-named {codename}. |
  Employees refer to the next version by its codename, {codename}.
`);

const LIST_LEADS = words(`
  The main points | What is included | Key details | The highlights | What changes | By the numbers | At a glance |
  What the company announced | What we know so far
`);

const CLOSING_HEADINGS = words(`What comes next | The bottom line | What to watch | Looking ahead | The road ahead`);
const GENERAL_HEADINGS = words(`
  Why it matters | The bigger picture | By the numbers | The competition | What customers say | The fine print |
  Behind the scenes | A closer look | The open questions | How we tested | Context | The risks
`);

const REVIEW_VERDICTS = words(`
  Almost Great | Better Than It Needs to Be | A Solid Upgrade With One Real Catch | Too Expensive for What It Does |
  The New Default | Worth the Wait | Style Over Substance | A Quiet Triumph | Not Quite There Yet | Hard to Beat
`);

const LAWSUIT_CLAIMS = words(`
  collecting data without consent | misleading customers about prices | copying a rival's patented design |
  failing to protect customer data | restricting competition in its app store | hiding known defects |
  using copyrighted work without a license | misclassifying workers as contractors
`);

/** What attacks and leaks are called (security stories). */
const THREATS = words(`
  ransomware gang | phishing campaign | botnet | malware strain | spyware tool | information stealer | exploit kit |
  credential stuffing campaign | supply chain attack | zero-day exploit | data extortion group | banking trojan
`);

const ORDINALS = words(`second | third | fourth | fifth | sixth`);
const WEEKDAYS = words(`Monday | Tuesday | Wednesday | Thursday | Friday`);

// ---------------------------------------------------------------------------------------------
// Templates compile once into literal text and slot functions.

interface Person {
  name: string;
  last: string;
}

interface ArticleContext {
  random: Random;
  vocabulary: CategoryVocabulary;
  company: string;
  company2: string;
  person: Person;
  role: string;
  product: string;
  competitorProduct: string;
  city: string;
  investor: string;
  thing: string;
  field: string;
  audience: string;
  year: number;
  version: string;
  seriesLetter: string;
  rare: string[];
  codename: string;
}

type Slot = (context: ArticleContext) => string;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function randomPerson(random: Random): Person {
  const last = pick(random, LAST_NAMES, 1.3);
  return { name: `${pick(random, FIRST_NAMES, 1.2)} ${last}`, last };
}

function otherThan(random: Random, list: readonly string[], taken: string, skew = 1): string {
  const chosen = pick(random, list, skew);
  return chosen === taken ? list[(list.indexOf(chosen) + 1) % list.length]! : chosen;
}

function money(random: Random): string {
  const amount = pick(
    random,
    [2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 45, 50, 60, 75, 80, 100, 120, 150, 200, 250],
  );
  return `$${amount} million`;
}

function bigMoney(random: Random): string {
  return `$${between(random, 11, 95) / 10} billion`;
}

const SLOTS: Record<string, Slot> = {
  company: (c) => c.company,
  company2: (c) => c.company2,
  anyCompany: (c) => otherThan(c.random, COMPANIES, c.company, 1.4),
  product: (c) => c.product,
  competitorProduct: (c) => c.competitorProduct,
  person: (c) => c.person.name,
  last: (c) => c.person.last,
  role: (c) => c.role,
  roleTitle: (c) => c.role.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()),
  city: (c) => c.city,
  otherCity: (c) => otherThan(c.random, CITIES, c.city, 1.3),
  region: (c) => pick(c.random, REGIONS, 1.5),
  investor: (c) => c.investor,
  investor2: (c) => otherThan(c.random, INVESTORS, c.investor),
  analystFirm: (c) => pick(c.random, ANALYST_FIRMS, 1.3),
  outlet: (c) => pick(c.random, OUTLETS),
  thing: (c) => (c.random() < 0.6 ? c.thing : pick(c.random, c.vocabulary.things, 1.5)),
  things: (c) => plural(c.random() < 0.6 ? c.thing : pick(c.random, c.vocabulary.things, 1.5)),
  mobileApps: (c) => plural(pick(c.random, ["app", "game", "widget", "service"])),
  field: (c) => (c.random() < 0.5 ? c.field : pick(c.random, c.vocabulary.fields, 1.4)),
  audience: (c) => (c.random() < 0.6 ? c.audience : pick(c.random, c.vocabulary.audiences, 1.3)),
  audience2: (c) => otherThan(c.random, c.vocabulary.audiences, c.audience),
  audienceCap: (c) => capitalize(c.audience),
  audienceSingular: (c) => pick(c.random, ["retailer", "hospital", "bank", "school", "law firm", "studio", "clinic", "startup"]),
  noun: (c) => pick(c.random, GENERAL_NOUNS, 1.7),
  people: (c) => pick(c.random, PEOPLE, 1.5),
  people2Cap: (c) => capitalize(pick(c.random, PEOPLE, 1.5)),
  mood: (c) => pick(c.random, MOODS),
  threat: (c) => pick(c.random, THREATS, 1.3),
  nouns: (c) => plural(pick(c.random, GENERAL_NOUNS, 1.7)),
  massNoun: (c) => pick(c.random, MASS_NOUNS, 1.5),
  massNounCap: (c) => capitalize(pick(c.random, MASS_NOUNS, 1.5)),
  adj: (c) => pick(c.random, ADJECTIVES, 1.7),
  adj2: (c) => pick(c.random, ADJECTIVES, 1.2),
  adjCap: (c) => capitalize(pick(c.random, ADJECTIVES, 1.7)),
  adv: (c) => pick(c.random, ADVERBS, 1.4),
  vbase: (c) => pick(c.random, VERBS, 1.6).base,
  vpast: (c) => pick(c.random, VERBS, 1.6).past,
  money: (c) => money(c.random),
  money2: (c) =>
    `$${formatThousands(pick(c.random, [49, 99, 149, 199, 249, 299, 349, 399, 499, 599, 799, 999, 1299, 1999, 4999]))}`,
  smallMoney: (c) => `$${pick(c.random, [1, 2, 3, 5, 8, 10, 12, 15, 20, 25, 30, 40])}`,
  bigMoney: (c) => bigMoney(c.random),
  percent: (c) => `${between(c.random, 3, 68)} percent`,
  percent2: (c) => `${between(c.random, 3, 40)} percent`,
  count: (c) => formatThousands(between(c.random, 120, 9_800)),
  count2: (c) => formatThousands(between(c.random, 60, 4_000)),
  bigCount: (c) => (c.random() < 0.5 ? `${between(c.random, 12, 98) / 10} million` : `${between(c.random, 2, 900)} million`),
  grams: (c) => formatThousands(between(c.random, 9, 240) * 10),
  smallNumber: (c) => String(between(c.random, 2, 24)),
  smallWord: (c) => pick(c.random, SMALL_WORDS, 1.5),
  multiplied: (c) => pick(c.random, ["doubled", "tripled", "quadrupled"]),
  hour: (c) => `${String(between(c.random, 0, 23)).padStart(2, "0")}:${pick(c.random, ["05", "17", "30", "42", "51"])}`,
  day: (c) => String(between(c.random, 1, 28)),
  weekday: (c) => pick(c.random, WEEKDAYS),
  month: (c) => pick(c.random, MONTHS),
  quarter: (c) => pick(c.random, QUARTERS),
  quarterTitle: (c) => capitalize(pick(c.random, QUARTERS)),
  duration: (c) => pick(c.random, DURATIONS, 1.2),
  ordinal: (c) => pick(c.random, ORDINALS, 1.3),
  pastYear: (c) => String(c.year - between(c.random, 1, 9)),
  nextYear: (c) => String(c.year + between(c.random, 1, 5)),
  version: (c) => c.version,
  seriesLetter: (c) => c.seriesLetter,
  cvss: (c) => (between(c.random, 65, 100) / 10).toFixed(1),
  reviewVerdict: (c) => pick(c.random, REVIEW_VERDICTS),
  lawsuitClaim: (c) => pick(c.random, LAWSUIT_CLAIMS),
  rare: (c) => c.rare.shift() ?? pick(c.random, RARE_TERMS, 1.3),
  codename: (c) => c.codename,
};

type Template = readonly (string | Slot)[];

function compile(text: string): Template {
  const parts: (string | Slot)[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{(a:)?(\w+)\}/g)) {
    const [whole, article, name = ""] = match;
    const slot = SLOTS[name];
    if (!slot) throw new Error(`Unknown slot {${name}} in template: ${text}`);
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(article ? (context) => withArticle(slot(context)) : slot);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function render(template: Template, context: ArticleContext): string {
  let text = "";
  for (const part of template) text += typeof part === "string" ? part : part(context);
  return text;
}

function compileAll(list: readonly string[]): readonly Template[] {
  return list.map(compile);
}

interface CompiledEvent {
  titles: readonly Template[];
  excerpts: readonly Template[];
  intros: readonly Template[];
  headings: readonly Template[];
  sentences: readonly Template[];
}

const COMPILED_EVENTS = Object.fromEntries(
  Object.entries(EVENTS).map(([kind, event]) => [
    kind,
    {
      titles: compileAll(event.titles),
      excerpts: compileAll(event.excerpts),
      intros: compileAll(event.intros),
      headings: compileAll(event.headings),
      sentences: compileAll(event.sentences),
    },
  ]),
) as Record<EventKind, CompiledEvent>;

const COMPILED_CATEGORY = Object.fromEntries(
  CATEGORIES.map((category) => [
    category,
    {
      headings: compileAll(CATEGORY_VOCABULARY[category].headings),
      sentences: compileAll(CATEGORY_VOCABULARY[category].sentences),
    },
  ]),
) as Record<Category, { headings: readonly Template[]; sentences: readonly Template[] }>;

const COMPILED_GENERAL = compileAll(GENERAL_SENTENCES);
const COMPILED_BULLETS = compileAll(BULLET_SENTENCES);
const COMPILED_QUOTES = compileAll(QUOTES);
const COMPILED_RARE = compileAll(RARE_SENTENCES);
const COMPILED_CODENAME = compileAll(CODENAME_SENTENCES);
const COMPILED_GENERAL_HEADINGS = compileAll(GENERAL_HEADINGS);
const COMPILED_CLOSING_HEADINGS = compileAll(CLOSING_HEADINGS);

const SMALL_TITLE_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "vs.",
  "with",
]);

function titleCase(text: string): string {
  return text
    .split(" ")
    .map((word, index) => (index > 0 && SMALL_TITLE_WORDS.has(word) ? word : capitalize(word)))
    .join(" ");
}

/**
 * Words in a line of plain text as `countWords` (app/utils/read-time.ts) sees them: space-separated
 * tokens holding a letter or digit ("&" is not a word). A character loop, since it runs on every sentence.
 */
function wordsIn(text: string): number {
  let count = 0;
  let tokenHasWordCharacter = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 10) {
      if (tokenHasWordCharacter) count += 1;
      tokenHasWordCharacter = false;
    } else if (!tokenHasWordCharacter && isWordCharacter(code)) {
      tokenHasWordCharacter = true;
    }
  }
  return tokenHasWordCharacter ? count + 1 : count;
}

/** Digits, ASCII letters, and the accented letters of a few names ("Kraków"); the text has no other non-ASCII. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127;
}

// ---------------------------------------------------------------------------------------------
// Articles.

function codename(random: Random): string {
  const syllables = between(random, 2, 3);
  let name = "";
  for (let i = 0; i < syllables; i += 1) name += pick(random, CODENAME_SYLLABLES);
  return capitalize(name);
}

function productName(random: Random, company: string, vocabulary: CategoryVocabulary): string {
  const brand = company.split(" ")[0]!;
  const word = pick(random, vocabulary.productWords);
  const roll = random();
  if (roll < 0.4) return `${brand} ${word}`;
  if (roll < 0.75) return `${brand} ${word} ${between(random, 2, 9)}`;
  return `${word} ${pick(random, ["X", "S", "Plus", "One", "Max", "Neo"])}${between(random, 1, 5)}`;
}

function sentence(template: Template, context: ArticleContext): string {
  return capitalize(render(template, context));
}

/**
 * The article at `index` of the synthetic archive for `seed`. Categories take turns (index modulo 7),
 * so any 7 consecutive indices hold every category once; everything else is drawn from a PRNG
 * seeded with (seed, index).
 */
export function syntheticArticle(index: number, { seed, now }: SyntheticOptions): SyntheticArticle {
  const random = mulberry32(streamSeed(seed, index, 1));
  const category = CATEGORIES[index % CATEGORIES.length]!;
  const vocabulary = CATEGORY_VOCABULARY[category];

  // Dates first: the story's year shows up in its text ("since 2021").
  const isPublished = random() < PUBLISHED_SHARE;
  const ageMs = Math.floor(SYNTHETIC_SPAN_MS * random() ** 1.6);
  const datedAt = new Date(now.getTime() - ageMs);
  // Written up to a day and a half before publication, never before the span begins.
  const createdAt = new Date(datedAt.getTime() - Math.min(Math.floor(random() * 36 * HOUR_MS), SYNTHETIC_SPAN_MS - ageMs));
  const publishedAt = isPublished ? datedAt : null;

  const company = pick(random, COMPANIES, 1.15);
  const rareCount = pick(random, [0, 0, 0, 1, 1, 1, 1, 2, 2, 3]);
  const context: ArticleContext = {
    random,
    vocabulary,
    company,
    company2: otherThan(random, COMPANIES, company, 1.15),
    person: randomPerson(random),
    role: pick(random, ROLES, 1.3),
    product: productName(random, company, vocabulary),
    competitorProduct: productName(random, otherThan(random, COMPANIES, company), vocabulary),
    city: pick(random, CITIES, 1.3),
    investor: pick(random, INVESTORS, 1.2),
    thing: pick(random, vocabulary.things, 1.4),
    field: pick(random, vocabulary.fields, 1.3),
    audience: pick(random, vocabulary.audiences, 1.3),
    year: datedAt.getUTCFullYear(),
    version: `${between(random, 1, 24)}.${between(random, 0, 9)}`,
    seriesLetter: pick(random, ["A", "A", "B", "B", "C", "D"]),
    rare: Array.from({ length: rareCount }, () => pick(random, RARE_TERMS, 1.2)),
    codename: codename(random),
  };
  const kind = pick(random, vocabulary.events);
  const event = COMPILED_EVENTS[kind];
  const categoryTemplates = COMPILED_CATEGORY[category];

  const title = titleCase(render(pick(random, event.titles), context));
  const excerptSentences = [sentence(pick(random, event.excerpts), context)];
  if (random() < 0.5) excerptSentences.push(sentence(pick(random, COMPILED_GENERAL), context));
  const excerpt = excerptSentences.join(" ");

  const target = between(random, MIN_WORDS + 40, MAX_WORDS - 60);
  const blocks: string[] = [];
  let wordCount = 0;
  const addBlock = (text: string, words: number) => {
    blocks.push(text);
    wordCount += words;
  };
  // Mostly general sentences, a fifth about the category, a tenth about the event; no template twice.
  const usedTemplates = new Set<Template>();
  const nextSentence = (): string => {
    const roll = random();
    let pool = roll < 0.7 ? COMPILED_GENERAL : roll < 0.9 ? categoryTemplates.sentences : event.sentences;
    let template = pick(random, pool);
    for (let attempt = 0; usedTemplates.has(template) && attempt < 6; attempt += 1) {
      pool = COMPILED_GENERAL;
      template = pick(random, pool);
    }
    usedTemplates.add(template);
    return sentence(template, context);
  };

  // The intro: the event's own opening, two or three sentences, and one more.
  const intro = event.intros.slice(0, between(random, 2, 3)).map((template) => sentence(template, context));
  intro.push(nextSentence());
  const introText = intro.join(" ");
  addBlock(introText, wordsIn(introText));

  const sectionCount = between(random, 3, 5);
  const rareSections = context.rare.map(() => between(random, 0, sectionCount - 1));
  const codenameSection = random() < 0.3 ? between(random, 0, sectionCount - 1) : -1;
  const listSection = random() < 0.45 ? between(random, 0, sectionCount - 1) : -1;
  const quoteSection = random() < 0.3 ? between(random, 0, sectionCount - 1) : -1;
  const usedHeadings = new Set<string>();

  for (let section = 0; section < sectionCount; section += 1) {
    const isLast = section === sectionCount - 1;
    const sectionTarget = isLast ? target : wordCount + (target - wordCount) / (sectionCount - section);
    const headingPool =
      isLast && random() < 0.6
        ? COMPILED_CLOSING_HEADINGS
        : pick(random, [event.headings, categoryTemplates.headings, categoryTemplates.headings, COMPILED_GENERAL_HEADINGS]);
    let heading = render(pick(random, headingPool), context);
    for (let attempt = 0; usedHeadings.has(heading) && attempt < 8; attempt += 1) {
      heading = render(pick(random, COMPILED_GENERAL_HEADINGS), context);
    }
    usedHeadings.add(heading);
    addBlock(`## ${heading}`, wordsIn(heading));

    // Sentences that belong in this section (rare terms, a codename) go second in its first paragraphs.
    const pending: string[] = [];
    for (const at of rareSections) if (at === section) pending.push(sentence(pick(random, COMPILED_RARE), context));
    if (codenameSection === section) pending.push(sentence(pick(random, COMPILED_CODENAME), context));

    const addList = () => {
      const items = Array.from({ length: between(random, 3, 5) }, () => sentence(pick(random, COMPILED_BULLETS), context));
      const lead = `${pick(random, LIST_LEADS)}:`;
      addBlock(lead, wordsIn(lead));
      addBlock(
        items.map((item) => `- ${item}`).join("\n"),
        items.reduce((sum, item) => sum + wordsIn(item), 0),
      );
    };
    const addQuote = () => {
      const quote = `"${capitalize(render(pick(random, COMPILED_QUOTES), context))}," said ${context.person.name}, ${context.role} of ${context.company}.`;
      addBlock(`> ${quote}`, wordsIn(quote));
    };

    let paragraph: string[] = [];
    let paragraphWords = 0;
    let paragraphLength = between(random, 4, 6);
    let paragraphs = 0;
    const flush = () => {
      if (paragraph.length === 0) return;
      addBlock(paragraph.join(" "), paragraphWords);
      paragraph = [];
      paragraphWords = 0;
      paragraphLength = between(random, 4, 6);
      paragraphs += 1;
      if (paragraphs === 1 && listSection === section && target - wordCount > 60) addList();
      if (paragraphs === 1 && quoteSection === section && target - wordCount > 40) addQuote();
    };
    const addSentence = (text: string) => {
      paragraph.push(text);
      paragraphWords += wordsIn(text);
    };

    while (wordCount + paragraphWords < sectionTarget || paragraph.length + paragraphs === 0) {
      addSentence(pending.length > 0 && paragraph.length === 1 ? pending.shift()! : nextSentence());
      if (paragraph.length >= paragraphLength) flush();
    }
    // A section that ended early still carries its sentences, if the length allows.
    for (const text of pending) if (wordCount + paragraphWords + wordsIn(text) <= MAX_WORDS - 20) addSentence(text);
    flush();
  }

  const content = blocks.join("\n\n");
  const readTime = Math.min(READ_TIME_MAX, Math.max(READ_TIME_MIN, Math.ceil(wordCount / READ_TIME_WORDS_PER_MINUTE)));
  const sources =
    random() < 0.4
      ? Array.from(new Set(Array.from({ length: between(random, 1, 3) }, () => pick(random, OUTLETS)))).join(", ")
      : "";

  return {
    title,
    excerpt,
    content,
    category,
    image: stockImageUrl(CATEGORY_STOCK_IMAGE[category]),
    wordCount,
    readTime,
    publishedAt,
    createdAt,
    isFeatured: random() < FEATURED_SHARE,
    isPopular: random() < POPULAR_SHARE,
    sources,
  };
}

// ---------------------------------------------------------------------------------------------
// Search queries.

const QUERY_KINDS = [
  ["common", 18],
  ["topic", 16],
  ["rare", 14],
  ["phrase", 18],
  ["company", 12],
  ["person", 6],
  ["prefix", 16],
] as const;

const QUERY_WEIGHT_TOTAL = QUERY_KINDS.reduce((sum, [, weight]) => sum + weight, 0);

function queryKind(random: Random): (typeof QUERY_KINDS)[number][0] {
  let roll = random() * QUERY_WEIGHT_TOTAL;
  for (const [kind, weight] of QUERY_KINDS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "common";
}

const ALL_THINGS = CATEGORIES.flatMap((category) => CATEGORY_VOCABULARY[category].things);
const ALL_FIELDS = CATEGORIES.flatMap((category) => CATEGORY_VOCABULARY[category].fields);
/** Single words as readers type them: topic words, general nouns and adjectives. */
const QUERY_WORDS = Array.from(
  new Set([...ALL_THINGS, ...ALL_FIELDS, ...GENERAL_NOUNS, ...MASS_NOUNS].flatMap((phrase) => phrase.toLowerCase().split(" "))),
).filter((word) => /^[a-z]{4,}$/.test(word));

function searchQuery(random: Random): string {
  switch (queryKind(random)) {
    case "common":
      // The head of the distributions: words in a large share of articles.
      return pick(random, [...GENERAL_NOUNS.slice(0, 40), ...MASS_NOUNS.slice(0, 15)], 1.2);
    case "topic":
      return pick(random, random() < 0.5 ? ALL_THINGS : ALL_FIELDS)
        .split(" ")
        .at(-1)!;
    case "rare":
      return pick(random, RARE_TERMS);
    case "phrase": {
      const roll = random();
      if (roll < 0.4)
        return pick(
          random,
          [...ALL_THINGS, ...ALL_FIELDS].filter((phrase) => phrase.includes(" ")),
        );
      if (roll < 0.7) return `${pick(random, ADJECTIVES, 1.5)} ${plural(pick(random, ALL_THINGS).split(" ").at(-1)!)}`;
      return `${pick(random, COMPANIES).split(" ")[0]!} ${pick(random, ALL_THINGS).split(" ").at(-1)!}`;
    }
    case "company":
      return pick(random, COMPANIES);
    case "person":
      return random() < 0.5 ? pick(random, LAST_NAMES) : randomPerson(random).name;
    case "prefix": {
      const source = random() < 0.25 ? pick(random, COMPANIES).split(" ")[0]!.toLowerCase() : pick(random, QUERY_WORDS);
      return source.slice(0, Math.min(source.length - 1, between(random, 3, 5)));
    }
  }
}

/**
 * `count` distinct search queries as readers type them: common and rare single words, two-word
 * phrases, company and people's names, and 3 to 5 letter prefixes (instant search), all drawn from
 * the articles' vocabulary. The same seed gives the same list.
 */
export function syntheticSearchQueries(count: number, seed: number): string[] {
  const random = mulberry32(streamSeed(seed, 0x51ea7c, 2));
  const queries = new Set<string>();
  for (let attempt = 0; queries.size < count && attempt < count * 50; attempt += 1) queries.add(searchQuery(random));
  return [...queries];
}
