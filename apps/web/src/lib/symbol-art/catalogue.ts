/**
 * What each symbol of the catalogue looks like (issue 23): a symbol's Danish name → its art.
 * Pure data and pure functions, no icon bodies: safe anywhere. The drawing is ./compose.ts.
 *
 * - `icon`: a picture of the Fluent Emoji Flat set (@iconify-json/fluent-emoji-flat, MIT, Microsoft),
 *   optionally recoloured (`hue` turns its colours by degrees; `tint` repaints it in one metal or
 *   colour) or enlarged (`zoom`, for an emoji drawn small in its square), so that alike symbols of one title (five crystals, three coins) still differ at a glance.
 * - `rank`: a card rank as the big letter players know from commercial slots (A K Q J 10 9).
 * - `text`: styled words or figures: BAR, 2×BAR and the red 7.
 * - `blank`: an empty stop of a classic reel; nothing is drawn on its tile.
 */

export type Tint = 'gold' | 'silver' | 'copper' | 'dark' | 'ice' | 'purple' | 'green';

export type SymbolArt =
  | { kind: 'icon'; icon: string; hue?: number; tint?: Tint; zoom?: number }
  | { kind: 'rank'; text: 'A' | 'K' | 'Q' | 'J' | '10' | '9' }
  | { kind: 'text'; text: 'BAR' | '2×BAR' | '7' }
  | { kind: 'blank' };

/** The role a symbol plays in its title's rules (the studio's rules' `kind`). */
export type SymbolKind = 'normal' | 'wild' | 'scatter';

const icon = (name: string, look: { hue?: number; tint?: Tint; zoom?: number } = {}): SymbolArt => ({ kind: 'icon', icon: name, ...look });
const rank = (text: Extract<SymbolArt, { kind: 'rank' }>['text']): SymbolArt => ({ kind: 'rank', text });

/** Every symbol name of packages/games-math/titles (catalogue.test.ts holds that none is missing). */
export const SYMBOL_ART: Readonly<Record<string, SymbolArt>> = {
  // Card ranks and the classic reel's words.
  es: rank('A'),
  konge: rank('K'),
  dronning: rank('Q'),
  knægt: rank('J'),
  ti: rank('10'),
  ni: rank('9'),
  blank: { kind: 'blank' },
  bar: { kind: 'text', text: 'BAR' },
  dobbeltbar: { kind: 'text', text: '2×BAR' },
  syv: { kind: 'text', text: '7' },

  // Fruit machines.
  æble: icon('red-apple'),
  drue: icon('grapes'),
  kirsebær: icon('cherries'),
  stjerne: icon('star'),
  appelsin: icon('tangerine'),
  citron: icon('lemon'),
  blomme: icon('peach', { tint: 'purple' }),
  pære: icon('pear'),
  klokke: icon('bell'),
  kløver: icon('four-leaf-clover'),
  diamant: icon('gem-stone'),
  joker: icon('joker'),
  wild: icon('sparkles'),
  scatter: icon('dizzy'),

  // Circus and fairground.
  popcorn: icon('popcorn'),
  akrobat: icon('person-cartwheeling'),
  løve: icon('lion'),
  elefant: icon('elephant'),
  klovn: icon('clown-face'),
  tryllehat: icon('top-hat'),
  fyrværkeri: icon('fireworks'),
  billet: icon('admission-tickets'),
  jonglør: icon('person-juggling'),
  cirkustelt: icon('circus-tent'),
  ballon: icon('balloon'),

  // The sea.
  musling: icon('spiral-shell'),
  delfin: icon('dolphin'),
  hval: icon('spouting-whale'),
  skattekiste: icon('money-bag'),
  havfrue: icon('woman-merpeople'),
  fyrtårn: icon('flashlight'),
  kompas: icon('compass'),
  søstjerne: icon('star', { hue: -40 }),
  perle: icon('oyster'),
  blæksprutte: icon('octopus'),
  anker: icon('anchor'),

  // Olympus.
  Medusa: icon('snake'),
  Poseidon: icon('trident-emblem'),
  Athene: icon('owl'),
  Zeus: icon('cloud-with-lightning'),
  laurbærkrans: icon('herb'),
  vase: icon('amphora'),
  olympen: icon('classical-building'),
  orakel: icon('crystal-ball'),
  harpe: icon('musical-notes'),
  lyn: icon('high-voltage'),
  pegasus: icon('horse'),

  // Snow, ice and the northern lights.
  snefnug: icon('snowflake'),
  polarræv: icon('fox', { tint: 'ice' }),
  snehare: icon('rabbit'),
  ulv: icon('wolf'),
  isbjørn: icon('polar-bear'),
  isdronning: icon('princess', { tint: 'ice' }),
  iskrystal: icon('ice'),
  frostmåne: icon('crescent-moon', { tint: 'ice' }),
  istap: icon('droplet'),
  nordlys: icon('milky-way', { tint: 'green' }),

  // Vikings and runes.
  økse: icon('axe'),
  hjelm: icon('military-helmet'),
  valkyrie: icon('woman-elf'),
  Thor: icon('high-voltage'),
  Odin: icon('man-mage'),
  Mjølner: icon('hammer'),
  Bifrost: icon('rainbow'),
  ravn: icon('blackbird'),
  langskib: icon('sailboat'),
  vikingeskib: icon('canoe'),
  Yggdrasil: icon('deciduous-tree'),
  runesten: icon('rock'),

  // Space.
  'rød krystal': icon('gem-stone', { hue: 150 }),
  'blå krystal': icon('gem-stone'),
  'gul krystal': icon('gem-stone', { tint: 'gold' }),
  'lilla krystal': icon('gem-stone', { tint: 'purple' }),
  'grøn krystal': icon('gem-stone', { tint: 'green' }),
  meteor: icon('comet'),
  måne: icon('crescent-moon'),
  robot: icon('robot'),
  rumvæsen: icon('alien'),
  raket: icon('rocket'),
  planet: icon('ringed-planet'),
  astronaut: icon('astronaut'),
  supernova: icon('collision'),
  galakse: icon('milky-way'),
  komet: icon('shooting-star'),
  'sort hul': icon('hole'),

  // Sweets and cakes.
  karamel: icon('custard'),
  lakrids: icon('cyclone', { tint: 'dark' }),
  chokolade: icon('chocolate-bar'),
  skumfidus: icon('fish-cake-with-swirl'),
  bolche: icon('candy'),
  vingummi: icon('teddy-bear'),
  slikkepind: icon('lollipop'),
  flødebolle: icon('doughnut'),
  cupcake: icon('cupcake'),
  kringle: icon('pretzel'),
  lagkage: icon('birthday-cake'),
  regnbue: icon('rainbow'),
  slikskål: icon('jar'),
  gavepose: icon('wrapped-gift'),
  mintpastil: icon('pill'),
  sukkerhjerte: icon('heart-with-ribbon'),

  // The Wild West.
  patroner: icon('bullseye'),
  hest: icon('horse-face'),
  revolver: icon('water-pistol'),
  sheriffstjerne: icon('star', { tint: 'silver' }),
  cowboy: icon('cowboy-hat-face'),
  efterlyst: icon('framed-picture'),
  hestesko: icon('magnet'),
  dynamit: icon('firecracker'),
  guldklump: icon('rock', { tint: 'gold' }),
  sheriffskilt: icon('military-medal'),
  støvle: icon('womans-boot'),
  lasso: icon('knot'),

  // Crowns, gems and gold.
  smaragd: icon('gem-stone', { tint: 'green' }),
  ametyst: icon('gem-stone', { tint: 'purple' }),
  safir: icon('large-blue-diamond'),
  rubin: icon('gem-stone', { hue: 150 }),
  topas: icon('gem-stone', { tint: 'gold' }),
  scepter: icon('magic-wand', { tint: 'gold' }),
  krone: icon('crown'),
  kongekrone: icon('crown', { hue: 160 }),
  guldkløver: icon('four-leaf-clover', { tint: 'gold' }),
  pengeskab: icon('locked'),
  skatkiste: icon('money-bag'),
  kobber: icon('coin', { tint: 'copper' }),
  sølvmønt: icon('coin', { tint: 'silver' }),
  ring: icon('ring'),
  guldbarre: icon('brick', { tint: 'gold' }),

  // Pirates.
  rom: icon('bottle-with-popping-cork'),
  kanon: icon('bomb'),
  papegøje: icon('parrot'),
  sabel: icon('crossed-swords'),
  skib: icon('sailboat'),
  kaptajn: icon('man-pilot'),
  'sort flag': icon('pirate-flag'),
  dødningehoved: icon('skull-and-crossbones'),
  skattekort: icon('world-map'),
  dubloner: icon('coin'),

  // Forest.
  agern: icon('chestnut'),
  ræv: icon('fox'),
  ugle: icon('owl'),
  hjort: icon('deer'),
  bjørn: icon('bear'),
  elverdronning: icon('woman-elf'),
  kilde: icon('droplet'),
  egetræ: icon('deciduous-tree'),
  blad: icon('maple-leaf'),
  egern: icon('chipmunk'),
  svamp: icon('mushroom'),

  // Jungle and savanna.
  fodspor: icon('paw-prints'),
  næsehorn: icon('rhinoceros'),
  gorilla: icon('gorilla'),
  baobab: icon('palm-tree'),
  trommer: icon('long-drum'),
  bananer: icon('banana'),
  giraf: icon('giraffe'),
  zebra: icon('zebra'),
  solnedgang: icon('sunset'),
  totem: icon('moai'),

  // Haunted nights.
  stearinlys: icon('candle'),
  heks: icon('woman-mage'),
  vampyr: icon('man-vampire'),
  fuldmåne: icon('full-moon'),
  kranie: icon('skull'),
  edderkop: icon('spider'),
  kat: icon('black-cat'),
  varulv: icon('wolf', { tint: 'dark' }),
  heksekedel: icon('pot-of-food'),
  spøgelse: icon('ghost'),
  flagermus: icon('bat'),
  græskar: icon('jack-o-lantern'),

  // Egypt.
  Kleopatra: icon('woman-with-headscarf'),
  farao: icon('man-wearing-turban'),
  pyramide: icon('red-triangle', { tint: 'gold', zoom: 2 }),
  solskive: icon('sun'),
  lotus: icon('lotus'),
  ankh: icon('old-key', { tint: 'gold' }),
  skarabæ: icon('beetle'),
  falk: icon('eagle'),
  sfinks: icon('cat-face', { tint: 'gold' }),
  gravkammer: icon('coffin'),
  'Horus øje': icon('eye'),

  // Fairy tales and castles.
  frø: icon('frog'),
  enhjørning: icon('unicorn'),
  ridder: icon('shield'),
  prinsesse: icon('princess'),
  drage: icon('dragon'),
  tryllestav: icon('magic-wand'),
  slot: icon('castle'),
  trylleformular: icon('scroll'),
  fyrtøj: icon('fire'),
  spejl: icon('mirror'),
  nøgle: icon('key'),

  // The Far East.
  mønt: icon('coin'),
  panda: icon('panda'),
  tiger: icon('tiger'),
  fønix: icon('phoenix-bird'),
  jadedrage: icon('dragon-face'),
  gong: icon('drum'),
  lanterne: icon('red-paper-lantern'),
  lykkekat: icon('cat-face'),
  lykkemønt: icon('coin', { tint: 'gold' }),

  // Christmas.
  hjerte: icon('red-heart'),
  knas: icon('cookie'),
  kræmmerhus: icon('ice-cream'),
  julekugle: icon('mirror-ball'),
  snemand: icon('snowman'),
  nisse: icon('man-elf'),
  julemand: icon('santa-claus'),
  snekrystal: icon('snowflake'),
  sok: icon('socks'),
  julestjerne: icon('glowing-star'),
  juletræ: icon('christmas-tree'),
  rensdyr: icon('deer'),
  slæde: icon('sled'),
  pebernød: icon('chestnut', { tint: 'copper' }),
};

/** The art of a symbol name; an unknown name (another provider's) gets a slot machine. */
export function symbolArtOf(name: string): SymbolArt {
  return SYMBOL_ART[name] ?? { kind: 'icon', icon: 'slot-machine' };
}

/** What a player sees of a symbol's art, as one string: two symbols of a title must not share it. */
export function pictureKey(art: SymbolArt): string {
  switch (art.kind) {
    case 'icon':
      return `icon:${art.icon}:${art.hue ?? 0}:${art.tint ?? ''}`;
    case 'rank':
    case 'text':
      return `${art.kind}:${art.text}`;
    case 'blank':
      return 'blank';
  }
}

/** The icons the table games' tile pictures use (./table-art.ts): the four suits and the king's crown. */
export const TABLE_ART_ICONS: readonly string[] = ['spade-suit', 'heart-suit', 'diamond-suit', 'club-suit', 'crown'];

/** The icon names the catalogue and the table pictures use (the composition and the tests load only these). */
export const USED_ICONS: readonly string[] = [
  ...new Set([...Object.values(SYMBOL_ART).flatMap((art) => (art.kind === 'icon' ? [art.icon] : [])), 'slot-machine', ...TABLE_ART_ICONS]),
].sort();
