package main

import "amux.dev/amux/status"

// verbs maps argv[1] to its handler: the public verbs (report, wait) and the
// hidden --internal-* verbs amux runs itself (never listed in --help).
var verbs = map[string]verb{
	"--internal-pane-launch": paneLaunch,
	"report":                 status.ReportMain,
	"wait":                   status.WaitMain,
	status.TapVerb:           status.TapMain,
}
