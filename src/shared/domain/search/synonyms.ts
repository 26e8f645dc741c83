/**
 * Words and phrases a UK shopper uses for the same thing, for search terms only (never shown, never written to a
 * deal). Each entry is one class of equivalent forms; a form with a space is a phrase (its words adjacent), a form
 * without is one word. A search for any form finds deals holding any form of its class (query.ts). Kept in the code,
 * each pair tested (synonyms.test.ts); see docs/notes/search.md for how to add one.
 */
export const SYNONYM_CLASSES: readonly (readonly string[])[] = [
  // Everyday British and American names
  ['tv', 'television', 'telly'],
  ['hoover', 'vacuum', 'vacuum cleaner'],
  ['trainers', 'sneakers'],
  ['mobile', 'phone', 'smartphone', 'cellphone'],
  ['nappies', 'diapers'],
  ['nappy', 'diaper'],
  ['jumper', 'sweater'],
  ['holiday', 'vacation'],
  ['biscuits', 'cookies'],
  ['sofa', 'couch', 'settee'],
  ['fridge', 'refrigerator'],
  ['aubergine', 'eggplant'],
  ['courgette', 'zucchini'],
  ['pushchair', 'stroller', 'buggy'],
  ['duvet', 'comforter'],
  ['cot', 'crib'],
  ['dummy', 'pacifier'],
  ['torch', 'flashlight'],
  ['earphones', 'earbuds'],
  ['wardrobe', 'closet'],
  ['film', 'movie'],
  ['lorry', 'truck'],
  ['sweets', 'candy'],
  ['hob', 'cooktop'],
  ['cooker', 'oven'],
  ['dressing gown', 'bathrobe'],
  ['swimming costume', 'swimsuit'],
  ['cutlery', 'silverware'],
  ['chemist', 'pharmacy'],
  ['takeaway', 'takeout'],
  ['windscreen', 'windshield'],
  ['flannel', 'washcloth'],
  ['sat nav', 'satnav', 'gps'],
  ['hoodie', 'sweatshirt'],
  ['tumble dryer', 'dryer'],
  ['kitchen roll', 'paper towels'],
  ['games console', 'console'],
  ['petrol', 'gasoline'],
  ['postcode', 'zipcode'],
  // British and American spellings
  ['colour', 'color'],
  ['grey', 'gray'],
  ['aluminium', 'aluminum'],
  ['jewellery', 'jewelry'],
  ['tyre', 'tire'],
  ['tyres', 'tires'],
  ['favourite', 'favorite'],
  ['organiser', 'organizer'],
  ['centre', 'center'],
  ['theatre', 'theater'],
  ['catalogue', 'catalog'],
  ['litre', 'liter'],
  ['fibre', 'fiber'],
  ['moisturiser', 'moisturizer'],
  ['pyjamas', 'pajamas'],
  // Words written joined or split
  ['airfryer', 'air fryer'],
  ['smartwatch', 'smart watch'],
  ['soundbar', 'sound bar'],
  ['powerbank', 'power bank'],
  ['hairdryer', 'hair dryer'],
  ['dishwasher', 'dish washer'],
  ['lightbulb', 'light bulb'],
  ['headphones', 'head phones'],
  ['playstation', 'play station'],
  // Model names people shorten
  ['ps5', 'playstation 5'],
  ['ps4', 'playstation 4'],
  ['xsx', 'xbox series x'],
];

/** Every equivalent pair of the list (each form with each other form of its class): what the tests go through. */
export function synonymPairs(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const forms of SYNONYM_CLASSES) for (let i = 0; i < forms.length; i++) for (let j = i + 1; j < forms.length; j++) pairs.push([forms[i], forms[j]]);
  return pairs;
}
