/** The deliveries map's texts, keys with their en-gb defaults. */
export const deliveryMapTexts: Record<string, string> = {
  'DELIVERY_MAP.REGION': 'Map of the deliveries',
  'DELIVERY_MAP.LOADING': 'Loading the deliveries for the map…',
  'DELIVERY_MAP.LOAD_FAILED': 'The deliveries could not be loaded for the map.',
  'DELIVERY_MAP.RETRY': 'Try again',
  'DELIVERY_MAP.EMPTY': 'No deliveries match the filters.',
  'DELIVERY_MAP.SHOWN_one': '{{count}} delivery on the map',
  'DELIVERY_MAP.SHOWN_other': '{{count}} deliveries on the map',
  'DELIVERY_MAP.NO_LOCATION_one': '{{count}} delivery has no location and is not shown.',
  'DELIVERY_MAP.NO_LOCATION_other': '{{count}} deliveries have no location and are not shown.',
  'DELIVERY_MAP.LEGEND_GROUP':
    'A number is a group of deliveries close together, in the colour of its worst state.',
  'DELIVERY_MAP.KEYBOARD_HELP':
    'Keyboard: arrow keys move the map, + and − zoom. On a delivery, Enter opens it and Space shows its details; on a group, Enter zooms in.',
  'DELIVERY_MAP.POINT_LABEL': 'Delivery {{site}}, {{date}} {{time}}, {{state}}',
  'DELIVERY_MAP.GROUP_LABEL': 'Group of {{count}} deliveries: {{mix}}',
  'DELIVERY_MAP.GROUP_MIX_PART': '{{count}} {{state}}',
  'DELIVERY_MAP.GROUP_HEADING': '{{count}} deliveries here',
  'DELIVERY_MAP.NO_SITE': 'without a site name',
  'DELIVERY_MAP.OPEN': 'Open delivery',
  'DELIVERY_MAP.CLOSE': 'Close',
  'DELIVERY_MAP.ZOOM_IN': 'Zoom in',
  'DELIVERY_MAP.ZOOM_OUT': 'Zoom out',
  'DELIVERY_MAP.OUTLINE_CREDIT': 'Coastline: Natural Earth',
};
