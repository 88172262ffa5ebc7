package main

import (
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
)

// verbs maps argv[1] to its handler: the public verbs (report, wait) and the
// hidden --internal-* verbs amux runs itself (never listed in --help). The
// hidden ones are named by the packages that build their command lines, so
// the two sides cannot drift apart.
var verbs = map[string]verb{
	tmux.LaunchVerb: paneLaunch,
	"report":        status.ReportMain,
	"wait":          status.WaitMain,
	status.TapVerb:  status.TapMain,
}
