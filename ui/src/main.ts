// The transport must be in place before anything can call a command.
import { overHttp } from './transport';
import './app.css';
import { mount } from 'svelte';
import App from './App.svelte';
import { keepShellOffline } from './lib/pwa/register';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

// `overHttp` is set by the transport only where the Tauri shell is absent: a plain browser.
keepShellOffline(overHttp);

export default mount(App, { target });
