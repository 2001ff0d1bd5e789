/** SPEC 9: the initial avatar's colour, one of 6, chosen by the sum of the name's character codes. */
export const AVATAR_COLOURS = ['#e91e63', '#9c27b0', '#3f51b5', '#009688', '#ff9800', '#795548'] as const;

export function avatarColour(name: string): string {
  let sum = 0;
  for (let index = 0; index < name.length; index += 1) sum += name.charCodeAt(index);
  return AVATAR_COLOURS[sum % AVATAR_COLOURS.length]!;
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
