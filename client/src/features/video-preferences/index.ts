export { DataSaverSetting } from './data-saver-setting';
export { chooseSavingData, prefersSavingData } from './save-data';
