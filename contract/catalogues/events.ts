import { NUMBER_RANGE, TEXT_MAX } from '../limits';
import type { CatalogueApi } from './catalogue-api';
import { eventCategory } from './event-category';
import { university } from './university';

export const events = {
  label: 'Event',
  paths: {
    list: 'event/list-admin',
    read: 'event/read/:id',
    create: 'event/create',
    update: 'event/update/:id',
    remove: 'event/delete/:id',
  },
  multipart: ['create', 'update'],
  fields: {
    name: { label: 'Name', type: 'text', required: true, max: TEXT_MAX.events.name },
    venue: { label: 'Venue', type: 'text', required: true, max: TEXT_MAX.events.venue },
    startTime: { label: 'Start time', type: 'time', required: true },
    endTime: {
      label: 'End time',
      type: 'time',
      required: true,
      after: { field: 'startTime', message: 'End time must be after start time' },
    },
    date: { label: 'Date', type: 'date', required: true },
    numberOfParticipants: {
      label: 'Number of participants',
      type: 'number',
      required: true,
      ...NUMBER_RANGE.events.numberOfParticipants,
      integer: true,
    },
    category: { label: 'Event category', type: 'ref', to: eventCategory, populated: true },
    university: { label: 'University', type: 'ref', to: university, populated: true },
  },
  files: {
    file: {
      field: 'image',
      kind: 'image',
      label: 'Event image',
      requiredOnCreate: 'Event image is required',
    },
  },
  answers: { userId: 'creator', joinedUsers: 'users', joinedCount: 'count' },
  // DECISIONS, "At the product's size".
  pagedUsers: {
    field: 'joinedUsers',
    count: 'joinedCount',
    path: 'event/joined/:id',
    feature: 'event-joined',
    inline: 50,
  },
} as const satisfies CatalogueApi;
