/**
 * The demo installation's catalogue: plants (units) where they really are, mixes (materials)
 * with UK codes and mix temperatures, and the road sites near each plant that the demo
 * deliveries go to. Seeded with the demo accounts.
 */

export interface DemoUnit {
  Code: string;
  Name: string;
  Latitude: number;
  Longitude: number;
  Postcode: string;
}

export const demoUnits: readonly DemoUnit[] = [
  {
    Code: 'NTH01',
    Name: 'Leeds (Cross Green) asphalt plant',
    Latitude: 53.7905,
    Longitude: -1.509,
    Postcode: 'LS9 0PS',
  },
  {
    Code: 'NTH02',
    Name: 'Manchester (Trafford Park) asphalt plant',
    Latitude: 53.466,
    Longitude: -2.319,
    Postcode: 'M17 1PG',
  },
  {
    Code: 'MID01',
    Name: 'Birmingham (Small Heath) asphalt plant',
    Latitude: 52.471,
    Longitude: -1.854,
    Postcode: 'B10 0BS',
  },
  {
    Code: 'STH01',
    Name: 'London (Bow) asphalt plant',
    Latitude: 51.533,
    Longitude: -0.016,
    Postcode: 'E3 2TB',
  },
  {
    Code: 'STH02',
    Name: 'Southampton (Marchwood) asphalt plant',
    Latitude: 50.892,
    Longitude: -1.446,
    Postcode: 'SO40 4BJ',
  },
  {
    Code: 'WST01',
    Name: 'Bristol (Avonmouth) asphalt plant',
    Latitude: 51.504,
    Longitude: -2.699,
    Postcode: 'BS11 9HF',
  },
];

export interface DemoMaterial {
  /** A pattern: `?` matches any one character of a delivery's MaterialCode. */
  Code: string;
  Name: string;
  CanAddEvotherm: boolean;
  MinMixTemp: number;
  MaxMixTemp: number;
  MixType: 'dense' | 'sma';
}

const mix = (
  Code: string,
  Name: string,
  [MinMixTemp, MaxMixTemp]: readonly [number, number],
  CanAddEvotherm: boolean,
  MixType: 'dense' | 'sma' = 'dense',
): DemoMaterial => ({ Code, Name, CanAddEvotherm, MinMixTemp, MaxMixTemp, MixType });

const denseSurface = [140, 180] as const;
const denseBase = [135, 175] as const;
const stoneMastic = [140, 175] as const;
const rolledAsphalt = [145, 185] as const;
const highModulus = [160, 190] as const;

/**
 * The mixes. The `?` patterns overlap exact codes on purpose (AC 14 and HRA 30 deliveries
 * match two patterns each), so the multimatch file has content.
 */
export const demoMaterials: readonly DemoMaterial[] = [
  mix('AC 6 DENSE SURF', 'AC 6 dense surface course', denseSurface, true),
  mix('AC 10 CLOSE SURF', 'AC 10 close graded surface course', denseSurface, true),
  mix('AC 14 CLOSE SURF', 'AC 14 close graded surface course', denseSurface, true),
  mix('AC 1? CLOSE SURF', 'AC 10/14 close graded surface course', denseSurface, false),
  mix('AC 20 DENSE BIN', 'AC 20 dense binder course', denseSurface, true),
  mix('AC 32 DENSE BASE', 'AC 32 dense base', denseBase, false),
  mix('AC 32 ??? BASE', 'AC 32 heavy duty base', denseBase, false),
  mix('AC 20 EME2 BASE', 'AC 20 high modulus base (EME2)', highModulus, false),
  mix('SMA 10 SURF', 'SMA 10 surface course', stoneMastic, true, 'sma'),
  mix('SMA 14 SURF', 'SMA 14 surface course', stoneMastic, false, 'sma'),
  mix('HRA 30 14F SURF', 'HRA 30/14F surface course', rolledAsphalt, false),
  mix('HRA ?? 14F SURF', 'HRA 14F surface course', rolledAsphalt, false),
];

export type DemoCourse = 'thin surface' | 'surface' | 'binder' | 'base';

export interface DemoDeliveryCode {
  /** As the plant's system sends it: matches one, several or none of the patterns above. */
  Code: string;
  Name: string;
  Course: DemoCourse;
  MinMixTemp: number;
  MaxMixTemp: number;
  /** How often it is ordered, relative to the others. */
  Weight: number;
}

const load = (
  Code: string,
  Name: string,
  Course: DemoCourse,
  [MinMixTemp, MaxMixTemp]: readonly [number, number],
  Weight: number,
): DemoDeliveryCode => ({ Code, Name, Course, MinMixTemp, MaxMixTemp, Weight });

/** The material codes on the demo deliveries; SMA 6 and AC 20 HDM BIN match no pattern. */
export const demoDeliveryCodes: readonly DemoDeliveryCode[] = [
  load('AC 6 DENSE SURF', 'AC 6 dense surf 100/150', 'thin surface', denseSurface, 8),
  load('AC 10 CLOSE SURF', 'AC 10 close surf 100/150', 'surface', denseSurface, 14),
  load('AC 14 CLOSE SURF', 'AC 14 close surf 70/100', 'surface', denseSurface, 10),
  load('SMA 10 SURF', 'SMA 10 surf PMB 40/100-65', 'surface', stoneMastic, 12),
  load('SMA 14 SURF', 'SMA 14 surf PMB 40/100-65', 'surface', stoneMastic, 6),
  load('SMA 6 SURF', 'SMA 6 surf PMB 40/100-65', 'surface', stoneMastic, 2),
  load('HRA 30 14F SURF', 'HRA 30/14F surf 40/60 des', 'surface', rolledAsphalt, 5),
  load('HRA 35 14F SURF', 'HRA 35/14F surf 40/60 des', 'surface', rolledAsphalt, 2),
  load('AC 20 DENSE BIN', 'AC 20 dense bin 40/60', 'binder', denseSurface, 14),
  load('AC 20 HDM BIN', 'AC 20 HDM bin 40/60', 'binder', denseSurface, 2),
  load('AC 32 DENSE BASE', 'AC 32 dense base 40/60', 'base', denseBase, 12),
  load('AC 32 HDM BASE', 'AC 32 HDM base 40/60', 'base', denseBase, 5),
  load('AC 20 EME2 BASE', 'AC 20 EME2 base 10/20', 'base', highModulus, 3),
];

/**
 * Layer thicknesses (mm) by course, as laid: surface 30-50, binder 50-70, base 80-150, and
 * the fine AC 6 on footways and patches 20-30.
 */
export const demoCourseThickness: Readonly<Record<DemoCourse, readonly [number, number]>> = {
  'thin surface': [20, 30],
  surface: [30, 50],
  binder: [50, 70],
  base: [80, 150],
};

/** The customers (sold-to parties) of the demo orders. */
export const demoCustomers: readonly (readonly [id: string, name: string])[] = [
  ['0010004512', 'Leeds City Council Highways'],
  ['0010007731', 'National Highways'],
  ['0010002208', 'Tarmac Contracting Ltd'],
  ['0010009120', 'Balfour Beatty Living Places'],
  ['0010003345', 'Kier Highways Ltd'],
  ['0010006671', 'Amey Highways'],
  ['0010005519', 'Ringway Infrastructure Services'],
  ['0010008802', 'FM Conway Ltd'],
  ['0010001176', 'Eurovia UK'],
  ['0010004490', 'Colas Ltd'],
  ['0010007003', 'Hampshire County Council'],
  ['0010002951', 'Bristol City Council Highways'],
];

export interface DemoSite {
  /** The plant that supplies it. */
  Unit: string;
  Name: string;
  /** Street and town, without the postcode. */
  Address: string;
  Postcode: string | null;
  Latitude: number;
  Longitude: number;
  /**
   * How its deliveries say where it is: a postcode in the ship-to address, an OS grid
   * reference (a road with no address), or only coordinates.
   */
  Locate: 'postcode' | 'gridref' | 'coordinates';
}

const site = (
  Unit: string,
  Name: string,
  Address: string,
  Postcode: string | null,
  Latitude: number,
  Longitude: number,
  Locate: DemoSite['Locate'] = Postcode ? 'postcode' : 'gridref',
): DemoSite => ({ Unit, Name, Address, Postcode, Latitude, Longitude, Locate });

/** Road sites within about 60 miles of their plant (a table: one site a line). */
// prettier-ignore
export const demoSites: readonly DemoSite[] = [
  site('NTH01', 'A64 York Road resurfacing', 'York Road, Seacroft, Leeds', 'LS14 6JB', 53.8195, -1.457),
  site('NTH01', 'A61 Leeds Road patching', 'Leeds Road, Harrogate', 'HG2 8NE', 53.978, -1.53),
  site('NTH01', 'M62 J26 Chain Bar slip road', 'M62 Junction 26, Cleckheaton', null, 53.741, -1.744),
  site('NTH01', 'Wakefield Westgate car park', 'Westgate, Wakefield', 'WF1 1XR', 53.681, -1.506),
  site('NTH01', 'A1(M) J46 Wetherby carriageway', 'A1(M) Junction 46, Wetherby', null, 53.923, -1.364),
  site('NTH01', 'Bradford Forster Square footways', 'Forster Square, Bradford', 'BD1 4AY', 53.797, -1.752),
  site('NTH01', 'York Foss Islands Road', 'Foss Islands Road, York', 'YO31 7UL', 53.961, -1.07),
  site('NTH01', 'A629 Burdock Way Halifax', 'Burdock Way, Halifax', null, 53.723, -1.87, 'coordinates'),
  site('NTH01', 'Doncaster Lakeside estate roads', 'Lakeside Boulevard, Doncaster', 'DN4 5PL', 53.508, -1.117),
  site('NTH01', 'A59 Skipton bypass', 'A59 Skipton bypass, Skipton', null, 53.957, -2.034),
  site('NTH01', 'Huddersfield ring road', 'Castlegate, Huddersfield', 'HD1 2QJ', 53.648, -1.788),
  site('NTH02', 'A56 Chester Road resurfacing', 'Chester Road, Stretford', 'M32 0RS', 53.446, -2.309),
  site('NTH02', 'M60 J12 Eccles interchange', 'M60 Junction 12, Eccles', null, 53.482, -2.37),
  site('NTH02', 'Stockport Merseyway service yard', 'Chestergate, Stockport', 'SK1 1NE', 53.409, -2.162),
  site('NTH02', 'Bolton Topp Way widening', 'Topp Way, Bolton', 'BL1 2HN', 53.583, -2.434),
  site('NTH02', 'Warrington Winwick Road', 'Winwick Road, Warrington', 'WA2 7NE', 53.401, -2.6),
  site('NTH02', 'A34 Handforth bypass', 'A34 bypass, Handforth', null, 53.339, -2.219, 'coordinates'),
  site('NTH02', 'Liverpool Edge Lane', 'Edge Lane, Liverpool', 'L7 9NG', 53.406, -2.936),
  site('NTH02', 'Oldham Mumps junction', 'Mumps, Oldham', null, 53.542, -2.105),
  site('NTH02', 'Preston Ringway', 'Ringway, Preston', 'PR1 2HR', 53.76, -2.701),
  site('NTH02', 'Wigan Saddle junction', 'Saddle Junction, Wigan', null, 53.542, -2.646),
  site('NTH02', 'Salford Quays Trafford Road', 'Trafford Road, Salford', 'M50 3AH', 53.472, -2.285),
  site('MID01', 'A45 Coventry Road resurfacing', 'Coventry Road, Yardley', 'B26 1AS', 52.464, -1.796),
  site('MID01', 'M6 J6 Gravelly Hill slip road', 'M6 Junction 6, Gravelly Hill', null, 52.51, -1.863),
  site('MID01', 'Coventry ring road junction 7', 'Ringway Swanswell, Coventry', 'CV1 4FS', 52.411, -1.508),
  site('MID01', 'Wolverhampton ring road', 'Ring Road St Peters, Wolverhampton', 'WV1 1RA', 52.589, -2.129),
  site('MID01', 'A38 Bromsgrove Road', 'Bromsgrove Road, Bromsgrove', null, 52.342, -2.056, 'coordinates'),
  site('MID01', 'Blythe Valley Park estate roads', 'Blythe Valley Park, Shirley', null, 52.381, -1.753),
  site('MID01', 'Redditch Coldfield Drive', 'Coldfield Drive, Redditch', 'B98 7RT', 52.296, -1.935),
  site('MID01', 'Tamworth Ventura Park', 'Ventura Park Road, Tamworth', 'B78 3HL', 52.632, -1.688),
  site('MID01', 'Leicester Welford Road', 'Welford Road, Leicester', null, 52.624, -1.131),
  site('MID01', 'Worcester Blackpole estate', 'Blackpole Road, Worcester', 'WR3 8SG', 52.212, -2.207),
  site('MID01', 'A5 Watling Street Cannock', 'Watling Street, Cannock', null, 52.671, -2.009),
  site('STH01', 'A12 Blackwall Tunnel approach', 'Blackwall Tunnel Northern Approach, Poplar', null, 51.512, -0.006),
  site('STH01', 'Stratford High Street bus lane', 'Stratford High Street, London', 'E15 2NE', 51.537, -0.001),
  site('STH01', 'A13 Commercial Road resurfacing', 'Commercial Road, Limehouse, London', 'E14 7HP', 51.513, -0.042),
  site('STH01', 'Romford ring road', 'Oldchurch Road, Romford', 'RM7 0BS', 51.575, 0.179),
  site('STH01', 'A23 Purley Way Croydon', 'Purley Way, Croydon', 'CR0 4RQ', 51.366, -0.118),
  site('STH01', 'M25 J28 Brook Street', 'M25 Junction 28, Brentwood', null, 51.61, 0.27),
  site('STH01', 'Watford Ascot Road estate', 'Ascot Road, Watford', 'WD18 8AD', 51.654, -0.417),
  site('STH01', 'A282 Dartford Crossing approach', 'A282, Dartford', null, 51.464, 0.258, 'coordinates'),
  site('STH01', 'Chelmsford Parkway', 'Parkway, Chelmsford', 'CM2 0PT', 51.729, 0.483),
  site('STH01', 'A4 Bath Road Heathrow', 'Bath Road, Harlington', 'UB7 0DU', 51.481, -0.449),
  site('STH01', 'Westferry Road Isle of Dogs', 'Westferry Road, London', null, 51.496, -0.024),
  site('STH02', 'A35 Totton bypass', 'Totton bypass, Totton', 'SO40 3SA', 50.919, -1.49),
  site('STH02', 'Western Docks gate 20', 'Western Docks, Southampton', null, 50.909, -1.429),
  site('STH02', 'M27 J5 Southampton Airport', 'M27 Junction 5, Eastleigh', null, 50.951, -1.361),
  site('STH02', 'A27 Northern Road Cosham', 'Northern Road, Cosham, Portsmouth', 'PO6 3EP', 50.844, -1.068),
  site('STH02', 'Winchester Bar End park and ride', 'Bar End Road, Winchester', 'SO23 9NP', 51.053, -1.304),
  site('STH02', 'Salisbury Churchill Way', 'Churchill Way East, Salisbury', 'SP1 3UZ', 51.068, -1.791),
  site('STH02', 'Bournemouth Wessex Way', 'Wessex Way, Bournemouth', 'BH8 8DR', 50.729, -1.868),
  site('STH02', 'A31 Ringwood widening', 'A31, Ringwood', null, 50.848, -1.783, 'coordinates'),
  site('STH02', 'Fareham Newgate Lane', 'Newgate Lane, Fareham', 'PO14 1AN', 50.832, -1.19),
  site('STH02', 'Basingstoke Ringway West', 'Ringway West, Basingstoke', 'RG22 4AA', 51.264, -1.118),
  site('WST01', 'M5 J18 Avonmouth', 'M5 Junction 18, Avonmouth', null, 51.496, -2.688),
  site('WST01', 'A38 Gloucester Road', 'Gloucester Road, Horfield, Bristol', 'BS7 8BN', 51.481, -2.592),
  site('WST01', 'Bath London Road', 'London Road, Bath', 'BA1 6PX', 51.392, -2.346),
  site('WST01', 'Cardiff Newport Road', 'Newport Road, Cardiff', 'CF24 0SB', 51.488, -3.153),
  site('WST01', 'Newport Southern Distributor Road', 'Southern Distributor Road, Newport', null, 51.565, -2.977),
  site('WST01', 'Weston-super-Mare Winterstoke Road', 'Winterstoke Road, Weston-super-Mare', 'BS23 3YW', 51.341, -2.964),
  site('WST01', 'Swindon Great Western Way', 'Great Western Way, Swindon', 'SN5 8UJ', 51.569, -1.813),
  site('WST01', "Gloucester St Oswald's Road", "St Oswald's Road, Gloucester", 'GL1 2SR', 51.872, -2.251),
  site('WST01', 'A46 Cold Ashton', 'A46, Cold Ashton', null, 51.446, -2.36, 'coordinates'),
  site('WST01', 'Chippenham Bumpers Farm', 'Bumpers Way, Chippenham', 'SN14 6LH', 51.471, -2.146),
  site('WST01', 'M4 J20 Almondsbury interchange', 'M4 Junction 20, Almondsbury', null, 51.548, -2.564),
];
