/**
 * The report page's client: the entry that esbuild bundles into one IIFE script (src/report/client-bundle.ts).
 * Every part is evaluated (its state set up) before the start-up renders the sections: the parts call each other
 * both ways, so the start-up must not run from inside one of them.
 */
import './core.js';
import './charts.js';
import './cases.js';
import './agent.js';
import './interactive.js';
import './extras.js';
import './manifest.js';
import { start } from './panels.js';

start();
