/** A plan's type (SPEC 9). */
export const PLAN_TYPES = ['free', 'silver', 'gold', 'platinum'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** SPEC 9's plan price choices, sent as text. */
export const PLAN_PRICES = [
  '0.00',
  '0.29',
  '0.79',
  '1.19',
  '1.59',
  '1.69',
  '2.29',
  '4.49',
  '6.49',
  '7.99',
  '9.99',
  '11.49',
  '13.49',
  '14.99',
  '15.99',
  '17.99',
  '19.00',
  '19.99',
  '21.00',
  '22.49',
  '24.99',
  '25.99',
  '27.99',
  '28.99',
  '29.99',
  '30.00',
] as const;
export type PlanPrice = (typeof PLAN_PRICES)[number];
