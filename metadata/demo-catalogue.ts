/** Demo plants (units) and mixes (materials), seeded with the demo accounts. */
export const demoUnits = [
  { Code: 'NTH01', Name: 'Leeds (Cross Green) asphalt plant' },
  { Code: 'NTH02', Name: 'Manchester (Trafford Park) asphalt plant' },
  { Code: 'MID01', Name: 'Birmingham (Small Heath) asphalt plant' },
  { Code: 'STH01', Name: 'London (Bow) asphalt plant' },
  { Code: 'STH02', Name: 'Southampton (Marchwood) asphalt plant' },
  { Code: 'WST01', Name: 'Bristol (Avonmouth) asphalt plant' },
] as const;

export const demoMaterials = [
  { Code: 'AC 6 DENSE SURF', Name: 'AC 6 dense surface course', CanAddEvotherm: true },
  { Code: 'AC 10 CLOSE SURF', Name: 'AC 10 close graded surface course', CanAddEvotherm: true },
  { Code: 'AC 14 CLOSE SURF', Name: 'AC 14 close graded surface course', CanAddEvotherm: true },
  { Code: 'AC 20 DENSE BIN', Name: 'AC 20 dense binder course', CanAddEvotherm: true },
  { Code: 'AC 32 DENSE BASE', Name: 'AC 32 dense base', CanAddEvotherm: false },
  { Code: 'SMA 10 SURF', Name: 'SMA 10 surface course', CanAddEvotherm: true },
  { Code: 'SMA 14 SURF', Name: 'SMA 14 surface course', CanAddEvotherm: false },
  { Code: 'HRA 30 14F SURF', Name: 'HRA 30/14F surface course', CanAddEvotherm: false },
] as const;
