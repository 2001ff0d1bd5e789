/**
 * Pictograms for the demo's catalogue icons, drawn by media.ts's pictogramPng: the outline paths (24 x 24, stroke 2)
 * of Tabler Icons (MIT licence, https://tabler.io/icons), copied here so that the seed needs no icon package.
 */
type Pictograms = Readonly<Record<string, readonly string[]>>;

/** Hobbies, by name. */
export const HOBBY_PICTOGRAMS: Pictograms = {
  // mountain
  Hiking: [
    'M3 20h18l-6.921 -14.612a2.3 2.3 0 0 0 -4.158 0l-6.921 14.612',
    'M7.5 11l2 2.5l2.5 -2.5l2 3l2.5 -2',
  ],
  // tools-kitchen-2
  Cooking: ['M19 3v12h-5c-.023 -3.681 .184 -7.406 5 -12m0 12v6h-1v-3m-10 -14v17m-3 -17v3a3 3 0 1 0 6 0v-3'],
  // camera
  Photography: [
    'M5 7h1a2 2 0 0 0 2 -2a1 1 0 0 1 1 -1h6a1 1 0 0 1 1 1a2 2 0 0 0 2 2h1a2 2 0 0 1 2 2v9a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-9a2 2 0 0 1 2 -2',
    'M9 13a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
  ],
  // book
  Reading: [
    'M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0',
    'M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0',
    'M3 6l0 13',
    'M12 6l0 13',
    'M21 6l0 13',
  ],
  // plane
  Travel: ['M16 10h4a2 2 0 0 1 0 4h-4l-4 7h-3l2 -7h-4l-2 2h-3l2 -4l-2 -4h3l2 2h4l-2 -7h3l4 7'],
  // yoga
  Yoga: [
    'M4 20h4l1.5 -3',
    'M17 20l-1 -5h-5l1 -7',
    'M4 10l4 -1l4 -1l4 1.5l4 1.5',
    'M10.007 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  ],
  // music
  Music: [
    'M3 17a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M13 17a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M9 17v-13h10v13',
    'M9 8h10',
  ],
  // palette
  Painting: [
    'M12 21a9 9 0 0 1 0 -18c4.97 0 9 3.582 9 8c0 1.06 -.474 2.078 -1.318 2.828c-.844 .75 -1.989 1.172 -3.182 1.172h-2.5a2 2 0 0 0 -1 3.75a1.3 1.3 0 0 1 -1 2.25',
    'M7.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
    'M11.5 7.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
    'M15.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  ],
  // bike
  Cycling: [
    'M2 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M16 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0',
    'M12 19v-4l-3 -3l5 -4l2 3h3',
    'M13.007 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  ],
  // device-gamepad-2
  Gaming: [
    'M12 5h3.5a5 5 0 0 1 0 10h-5.5l-4.015 4.227a2.3 2.3 0 0 1 -3.923 -2.035l1.634 -8.173a5 5 0 0 1 4.904 -4.019h3.4',
    'M14 15l4.07 4.284a2.3 2.3 0 0 0 3.925 -2.023l-1.6 -8.232',
    'M8 9v2',
    'M7 10h2',
    'M14 10h2',
  ],
  // confetti
  Dancing: [
    'M4 5h2',
    'M5 4v2',
    'M11.5 4l-.5 2',
    'M18 5h2',
    'M19 4v2',
    'M15 9l-1 1',
    'M18 13l2 -.5',
    'M18 19h2',
    'M19 18v2',
    'M14 16.518l-6.518 -6.518l-4.39 9.58a1 1 0 0 0 1.329 1.329l9.579 -4.39',
  ],
  // plant
  Gardening: [
    'M7 15h10v4a2 2 0 0 1 -2 2h-6a2 2 0 0 1 -2 -2v-4',
    'M12 9a6 6 0 0 0 -6 -6h-3v2a6 6 0 0 0 6 6h3',
    'M12 11a6 6 0 0 1 6 -6h3v1a6 6 0 0 1 -6 6h-3',
    'M12 15l0 -6',
  ],
};

/** Event categories, by name. */
export const EVENT_CATEGORY_PICTOGRAMS: Pictograms = {
  // microphone-2
  Music: [
    'M15 12.9a5 5 0 1 0 -3.902 -3.9',
    'M15 12.9l-3.902 -3.899l-7.513 8.584a2 2 0 1 0 2.827 2.83l8.588 -7.515',
  ],
  // ball-football
  Sports: [
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
    'M12 7l4.76 3.45l-1.76 5.55h-6l-1.76 -5.55l4.76 -3.45',
    'M12 7v-4m3 13l2.5 3m-.74 -8.55l3.74 -1.45m-11.44 7.05l-2.56 2.95m.74 -8.55l-3.74 -1.45',
  ],
  // coffee
  'Food & Drink': [
    'M3 14c.83 .642 2.077 1.017 3.5 1c1.423 .017 2.67 -.358 3.5 -1c.83 -.642 2.077 -1.017 3.5 -1c1.423 -.017 2.67 .358 3.5 1',
    'M8 3a2.4 2.4 0 0 0 -1 2a2.4 2.4 0 0 0 1 2',
    'M12 3a2.4 2.4 0 0 0 -1 2a2.4 2.4 0 0 0 1 2',
    'M3 10h14v5a6 6 0 0 1 -6 6h-2a6 6 0 0 1 -6 -6v-5',
    'M16.746 16.726a3 3 0 1 0 .252 -5.555',
  ],
  // trees
  Outdoors: [
    'M16 5l3 3l-2 1l4 4l-3 1l4 4h-9',
    'M15 21l0 -3',
    'M8 13l-2 -2',
    'M8 12l2 -2',
    'M8 21v-13',
    'M5.824 16a3 3 0 0 1 -2.743 -3.69a3 3 0 0 1 .304 -4.833a3 3 0 0 1 4.615 -3.707a3 3 0 0 1 4.614 3.707a3 3 0 0 1 .305 4.833a3 3 0 0 1 -2.919 3.695h-4l-.176 -.005',
  ],
  // brush
  Arts: [
    'M3 21v-4a4 4 0 1 1 4 4h-4',
    'M21 3a16 16 0 0 0 -12.8 10.2',
    'M21 3a16 16 0 0 1 -10.2 12.8',
    'M10.6 9a9 9 0 0 1 4.4 4.4',
  ],
  // briefcase
  Networking: [
    'M3 9a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v9a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2l0 -9',
    'M8 7v-2a2 2 0 0 1 2 -2h4a2 2 0 0 1 2 2v2',
    'M12 12l0 .01',
    'M3 13a20 20 0 0 0 18 0',
  ],
};

/** Looking for, by name. */
export const LOOKING_FOR_PICTOGRAMS: Pictograms = {
  // heart
  'Long-term relationship': ['M19.5 12.572l-7.5 7.428l-7.5 -7.428a5 5 0 1 1 7.5 -6.566a5 5 0 1 1 7.5 6.572'],
  // mood-smile
  'Something casual': [
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
    'M9 10l.01 0',
    'M15 10l.01 0',
    'M9.5 15a3.5 3.5 0 0 0 5 0',
  ],
  // users
  'New friends': [
    'M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
    'M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
    'M16 3.13a4 4 0 0 1 0 7.75',
    'M21 21v-2a4 4 0 0 0 -3 -3.85',
  ],
  // question-mark
  'Not sure yet': [
    'M8 8a3.5 3 0 0 1 3.5 -3h1a3.5 3 0 0 1 3.5 3a3 3 0 0 1 -2 3a3 4 0 0 0 -2 4',
    'M12 19l0 .01',
  ],
};
