export { YourDataScreen } from './components/your-data-screen';
