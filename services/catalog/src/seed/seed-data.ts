import type { Brand, CustomizationType, HOME_CATEGORIES } from '@shop/proto';

export type Category = (typeof HOME_CATEGORIES)[number];

/** [name, price in rupees, original price or 0, stock] */
export type SeedProduct = [string, number, number, number];

/** What the two brands sell in each home-page category: bulk for MS, gifting for Jaksh. */
export const SEED_PRODUCTS: Record<Category, Record<Brand, SeedProduct[]>> = {
  Lanyards: {
    ms: [
      ['Custom Printed Polyester Lanyard', 39, 49, 5000],
      ['Satin Lanyard with Metal Hook', 45, 0, 3200],
      ['Woven Jacquard Lanyard', 65, 79, 1800],
      ['Tubular Budget Lanyard', 22, 0, 9000],
      ['Breakaway Safety Lanyard', 55, 0, 2400],
      ['Retractable Badge Reel', 35, 0, 4100],
      ['Full Colour Sublimation Lanyard', 58, 70, 2700],
      ['Bamboo Fibre Eco Lanyard', 72, 0, 1200],
      ['Conference Lanyard with ID Pouch', 89, 99, 1500],
      ['Reflective Night Safety Lanyard', 68, 0, 8],
      ['Double Clip Heavy Duty Lanyard', 76, 0, 900],
    ],
    jaksh: [
      ['Floral Print Fabric Lanyard', 249, 299, 140],
      ['Handmade Beaded Lanyard', 399, 0, 60],
      ['Personalised Name Lanyard', 299, 349, 200],
      ['Macrame Boho Key Lanyard', 349, 0, 45],
      ['Vegan Leather Phone Lanyard', 449, 549, 80],
      ['Teachers Day Gift Lanyard', 199, 0, 120],
      ['Pearl Chain Badge Lanyard', 499, 0, 6],
      ['Block Print Cotton Lanyard', 229, 0, 150],
      ['Kids Cartoon Lanyard', 179, 0, 210],
      ['Silk Ribbon Lanyard', 329, 399, 0],
    ],
  },
  Labels: {
    ms: [
      ['Waterproof Vinyl Roll Labels', 3, 4, 50000],
      ['Barcode Thermal Labels', 1.5, 0, 120000],
      ['Product Packaging Labels', 2.5, 0, 80000],
      ['Clear Transparent Bottle Labels', 4, 5, 40000],
      ['Kraft Paper Jar Labels', 3.5, 0, 30000],
      ['Metallic Foil Labels', 6, 7.5, 15000],
      ['Tamper Evident Security Labels', 5, 0, 25000],
      ['Shipping Address Labels', 1.2, 0, 150000],
      ['Garment Woven Labels', 4.5, 0, 20000],
      ['Asset Tag Labels', 7, 0, 9],
      ['Food Grade Bakery Labels', 2.8, 0, 60000],
    ],
    jaksh: [
      ['Personalised Book Labels', 199, 249, 300],
      ['Kids Name Labels Pack', 299, 0, 250],
      ['Wedding Favour Labels', 349, 399, 180],
      ['Pantry Jar Label Set', 249, 0, 220],
      ['Gold Foil Gift Labels', 279, 329, 160],
      ['Handwritten Style Spice Labels', 229, 0, 140],
      ['Return Address Labels', 199, 0, 260],
      ['Eco Kraft Gift Tags', 149, 0, 400],
      ['Watercolour Floral Labels', 249, 0, 4],
      ['Calligraphy Name Tags', 299, 0, 90],
    ],
  },
  Stickers: {
    ms: [
      ['Die Cut Logo Stickers', 5, 6, 40000],
      ['Holographic Brand Stickers', 8, 10, 20000],
      ['Laptop Vinyl Stickers', 9, 0, 18000],
      ['Kiss Cut Sticker Sheets', 18, 0, 10000],
      ['Window Cling Stickers', 25, 30, 6000],
      ['Floor Graphic Stickers', 120, 0, 1200],
      ['QR Code Stickers', 3, 0, 70000],
      ['Event Badge Stickers', 4, 0, 30000],
      ['Bumper Stickers', 35, 0, 5000],
      ['Glow in the Dark Stickers', 12, 15, 7],
      ['Packaging Seal Stickers', 2, 0, 90000],
    ],
    jaksh: [
      ['Floral Stickers Sheet', 149, 199, 320],
      ['Journal Washi Sticker Set', 199, 0, 260],
      ['Motivational Quote Stickers', 129, 0, 300],
      ['Personalised Photo Stickers', 249, 299, 150],
      ['Indian Festival Sticker Pack', 179, 0, 280],
      ['Planner Icon Stickers', 159, 0, 340],
      ['Cute Animal Stickers', 129, 0, 3],
      ['Gold Foil Sticker Sheet', 219, 249, 180],
      ['Vintage Travel Stickers', 189, 0, 200],
      ['Kids Reward Stickers', 99, 0, 500],
    ],
  },
  Drinkware: {
    ms: [
      ['Ceramic Coffee Mug with Logo', 149, 179, 2500],
      ['Stainless Steel Water Bottle', 349, 399, 1800],
      ['Insulated Travel Tumbler', 449, 0, 1200],
      ['Glass Sipper Bottle', 279, 0, 1500],
      ['Magic Colour Changing Mug', 249, 299, 900],
      ['Enamel Camp Mug', 229, 0, 700],
      ['Copper Water Bottle', 699, 799, 400],
      ['Bamboo Lid Coffee Cup', 299, 0, 650],
      ['Sports Shaker Bottle', 199, 0, 1100],
      ['Vacuum Flask 500 ml', 599, 0, 5],
      ['Paper Cups Printed', 3, 0, 100000],
    ],
    jaksh: [
      ['Personalised Name Mug', 399, 449, 150],
      ['Hand Painted Ceramic Mug', 549, 0, 60],
      ['Couple Mug Set', 699, 799, 80],
      ['Photo Print Magic Mug', 449, 0, 120],
      ['Floral Glass Tumbler', 349, 0, 95],
      ['Engraved Steel Bottle', 799, 899, 70],
      ['Kids Sipper with Name', 399, 0, 110],
      ['Terracotta Kulhad Set', 299, 0, 2],
      ['Marble Finish Coffee Mug', 499, 0, 75],
      ['Quote Print Travel Mug', 549, 599, 90],
    ],
  },
  Stationery: {
    ms: [
      ['Corporate Spiral Notebook', 89, 99, 4000],
      ['Branded Ball Pen', 12, 15, 30000],
      ['Executive Diary 2026', 299, 349, 1500],
      ['Sticky Note Pads with Logo', 45, 0, 8000],
      ['Letterhead Printing', 4, 0, 50000],
      ['Visiting Cards Premium', 2, 2.5, 100000],
      ['Conference Writing Pad', 65, 0, 3000],
      ['Eco Recycled Paper Notebook', 99, 0, 2500],
      ['Metal Roller Pen', 149, 179, 1200],
      ['Desk Calendar 2026', 179, 0, 6],
      ['Envelope Printing', 5, 0, 40000],
    ],
    jaksh: [
      ['Leather Diary A5', 899, 999, 60],
      ['Hardbound Personalised Notebook', 549, 599, 110],
      ['Kraft Paper Journal', 349, 0, 130],
      ['Dot Grid Bullet Journal', 449, 0, 95],
      ['Monogram Fountain Pen', 1299, 1499, 25],
      ['Daily Planner Undated', 499, 0, 140],
      ['Calligraphy Starter Kit', 799, 0, 40],
      ['Handmade Paper Notebook Set', 399, 449, 85],
      ['Personalised Pencil Set', 249, 0, 3],
      ['Diary Refill Pack', 199, 0, 200],
    ],
  },
  Gifts: {
    ms: [
      ['Corporate Welcome Kit', 1499, 1799, 300],
      ['Employee Onboarding Box', 1999, 0, 200],
      ['Branded Keychain Metal', 79, 99, 5000],
      ['Printed Tote Bag', 149, 0, 3500],
      ['Logo Cap Embroidered', 199, 249, 2000],
      ['Wireless Charger with Logo', 899, 0, 400],
      ['Desk Organiser Bamboo', 599, 0, 350],
      ['Power Bank 10000 mAh Branded', 1099, 1299, 250],
      ['Award Trophy Acrylic', 749, 0, 150],
      ['Festive Hamper Corporate', 2499, 2999, 9],
      ['Printed Mouse Pad', 129, 0, 2500],
    ],
    jaksh: [
      ['Personalised Photo Frame', 699, 799, 90],
      ['Birthday Gift Hamper', 1499, 1699, 40],
      ['Engraved Wooden Keepsake Box', 899, 0, 55],
      ['Scented Candle Gift Set', 799, 0, 70],
      ['Custom Name Keychain', 249, 299, 260],
      ['Rakhi Gift Combo', 599, 0, 120],
      ['Diwali Diya Gift Box', 999, 1199, 80],
      ['Personalised Cushion Cover', 549, 0, 100],
      ['Memory Scrapbook Kit', 1199, 0, 35],
      ['Wedding Return Gift Pouch', 199, 0, 4],
    ],
  },
};

export const BRAND_STORY: Record<Brand, string> = {
  ms: 'Made by MS for bulk and corporate orders: consistent quality from 100 to 100,000 pieces, with your logo and brand colours.',
  jaksh:
    'From Jaksh, crafted in small batches for gifting and personal use, personalised the way you want it.',
};

export const CATEGORY_DETAILS: Record<Category, string> = {
  Lanyards: 'Comfortable around the neck all day, with a strong clip for ID cards and keys.',
  Labels: 'Sharp print that stays readable, with an adhesive that holds on glass, plastic and card.',
  Stickers: 'Vivid colours on durable stock, easy to peel and apply without bubbles.',
  Drinkware: 'Food-safe materials, printed to last through daily use and washing.',
  Stationery: 'Smooth paper and neat binding, ready for meetings, planning and journalling.',
  Gifts: 'Thoughtfully packed and ready to give, for teams, clients, family and friends.',
};

export interface SeedOption {
  key: string;
  name: string;
  type: CustomizationType;
  description: string;
  /** Rupees; for boolean, text, image and file options. */
  modifier?: number;
  /** [value, rupees] for select and multi-select. */
  options?: [string, number][];
}

export const SEED_OPTIONS: SeedOption[] = [
  {
    key: 'print',
    name: 'Logo Printing',
    type: 'select',
    description: 'Where your logo is printed.',
    options: [
      ['One side', 0],
      ['Both sides', 12],
    ],
  },
  {
    key: 'width',
    name: 'Strap Width',
    type: 'select',
    description: 'Width of the strap.',
    options: [
      ['15 mm', 0],
      ['20 mm', 5],
      ['25 mm', 9],
    ],
  },
  {
    key: 'attachment',
    name: 'Attachment',
    type: 'select',
    description: 'What holds your card or keys.',
    options: [
      ['Metal hook', 0],
      ['Lobster clip', 4],
      ['Breakaway buckle', 7],
    ],
  },
  {
    key: 'finish',
    name: 'Finish',
    type: 'select',
    description: 'Surface finish of the print.',
    options: [
      ['Matte', 0],
      ['Gloss', 0],
      ['Holographic', 2],
    ],
  },
  {
    key: 'colour',
    name: 'Colour',
    type: 'select',
    description: 'Base colour.',
    options: [
      ['White', 0],
      ['Black', 10],
      ['Pastel pink', 15],
      ['Navy', 10],
    ],
  },
  {
    key: 'size',
    name: 'Size',
    type: 'select',
    description: 'Page size.',
    options: [
      ['A6', -50],
      ['A5', 0],
      ['A4', 120],
    ],
  },
  {
    key: 'addons',
    name: 'Add-ons',
    type: 'multi-select',
    description: 'Extras to include.',
    options: [
      ['Ribbon bookmark', 25],
      ['Pen loop', 35],
      ['Elastic closure', 20],
      ['Pocket envelope', 30],
    ],
  },
  {
    key: 'giftwrap',
    name: 'Gift Wrap',
    type: 'boolean',
    description: 'Wrapped in kraft paper with a ribbon.',
    modifier: 49,
  },
  {
    key: 'express',
    name: 'Express Production',
    type: 'boolean',
    description: 'Printed and dispatched within 48 hours.',
    modifier: 199,
  },
  {
    key: 'name',
    name: 'Personalised Name',
    type: 'text',
    description: 'A name or short message printed or engraved.',
    modifier: 99,
  },
  {
    key: 'artwork',
    name: 'Upload Your Artwork',
    type: 'image',
    description: 'Your logo or photo, as an image file.',
    modifier: 0,
  },
];

/** Which library options each category's products offer. */
export const CATEGORY_OPTIONS: Record<Category, Record<Brand, string[]>> = {
  Lanyards: {
    ms: ['print', 'width', 'attachment', 'express', 'artwork'],
    jaksh: ['attachment', 'name', 'giftwrap'],
  },
  Labels: { ms: ['finish', 'express', 'artwork'], jaksh: ['finish', 'name', 'giftwrap'] },
  Stickers: { ms: ['finish', 'express', 'artwork'], jaksh: ['finish', 'giftwrap'] },
  Drinkware: {
    ms: ['print', 'colour', 'express', 'artwork'],
    jaksh: ['colour', 'name', 'giftwrap', 'artwork'],
  },
  Stationery: { ms: ['print', 'size', 'express', 'artwork'], jaksh: ['size', 'addons', 'name', 'giftwrap'] },
  Gifts: { ms: ['print', 'express', 'artwork'], jaksh: ['name', 'giftwrap', 'artwork'] },
};

export const REVIEWERS = [
  'Priya S.',
  'Rahul M.',
  'Ananya K.',
  'Vikram R.',
  'Sneha P.',
  'Arjun N.',
  'Kavya T.',
  'Rohan D.',
  'Meera J.',
  'Aditya G.',
];

export const REVIEW_TEXTS: [number, string, string[], string[]][] = [
  [
    5,
    'Excellent quality and the print came out exactly like our artwork. Delivered before the event.',
    ['Sharp print', 'On-time delivery'],
    [],
  ],
  [
    5,
    'Ordered as a gift and it was beautifully packed. Will order again for Diwali.',
    ['Lovely packing'],
    [],
  ],
  [
    4,
    'Very good value for a bulk order. Colours were slightly darker than on screen.',
    ['Good value'],
    ['Colours a bit dark'],
  ],
  [
    4,
    'Sturdy and well finished. Customer support helped me fix my logo file.',
    ['Helpful support', 'Well finished'],
    [],
  ],
  [
    3,
    'Decent product, but delivery took a week longer than the estimate.',
    ['Decent quality'],
    ['Late delivery'],
  ],
  [5, 'Our whole team loved these. The personalisation was spot on.', ['Accurate personalisation'], []],
  [
    4,
    'Nice material and neat stitching. Would like more colour choices.',
    ['Nice material'],
    ['Few colours'],
  ],
  [2, 'The product is fine but one piece in the box was damaged in transit.', [], ['Damaged piece']],
];
