/** The home page's opening words. */
export const HERO = {
  title: 'Labels, merchandise and gifts, made to order',
  lead: 'Two brands from one workshop: MS for bulk labels and corporate merchandise, Jaksh for custom stationery and gifting.',
};

export const EXECUTIVE_INTERVAL_MS = 4000;
export const STATS_GLOW_INTERVAL_MS = 5000;
export const COUNTER_DURATION_MS = 2000;
/** A timeline step becomes active when its top passes 68% of the viewport height. */
export const TIMELINE_ACTIVATION_RATIO = 0.68;

export const EXECUTIVES = [
  {
    name: 'Mahesh Shah',
    role: 'Founder and Managing Director, MS',
    initials: 'MS',
    quote:
      'We started with one label printer in 1999. Every order since has taught us that businesses need two things: consistent quality and a delivery date they can trust.',
  },
  {
    name: 'Jaya Kothari',
    role: 'Creative Director, Jaksh',
    initials: 'JK',
    quote:
      'A gift with a name on it is remembered. Jaksh exists so that a single personalised diary gets the same care as a thousand corporate kits.',
  },
] as const;

export interface Statistic {
  label: string;
  /** The number the counter climbs to, and what is written after it. */
  value: number;
  suffix: string;
}

export const STATISTICS: Statistic[] = [
  { label: 'Years of experience', value: 25, suffix: '+' },
  { label: 'Happy clients', value: 1000, suffix: '+' },
  { label: 'Items delivered', value: 10, suffix: 'L+' },
];

export const REASONS = [
  {
    title: 'In-house production',
    text: 'Printing, cutting and finishing happen under one roof, so we control quality and timelines.',
  },
  {
    title: 'Bulk pricing that scales',
    text: 'The more you order, the less each piece costs, with GST invoices for every order.',
  },
  {
    title: 'Personalised from one piece',
    text: 'Names, logos and your own artwork on a single gift or on ten thousand labels.',
  },
  {
    title: 'Secure online payment',
    text: 'Pay by card, UPI or net banking through a trusted payment provider.',
  },
  {
    title: 'Delivery across India',
    text: 'Standard delivery in 3-5 business days, express in 1-2, to every state and union territory.',
  },
  {
    title: 'People who answer',
    text: 'Real support by phone and e-mail, and returns accepted within 7 days of delivery.',
  },
] as const;

export const ORDER_STEPS = [
  {
    title: 'Choose your product',
    text: 'Browse MS for bulk merchandise or Jaksh for personalised stationery and gifts.',
  },
  {
    title: 'Customise it',
    text: 'Pick sizes and options, add your text, upload your logo or artwork and see the price update.',
  },
  {
    title: 'Pay securely',
    text: 'Check out with your saved address and pay online by card, UPI or net banking.',
  },
  {
    title: 'We produce and check',
    text: 'Your order is printed, finished and quality-checked in our workshop.',
  },
  {
    title: 'Delivered to your door',
    text: 'Track the order from My Account until it arrives, anywhere in India.',
  },
] as const;
