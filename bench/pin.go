package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// On one machine the load generator and the server it measures share the
// CPUs: unpinned, wrk's two threads take a core in the middle of a request
// and the server's p99 measures the scheduler (http.FileServer itself had
// a p99 of 10.9-18.4 ms at 64 connections that way). The warm rows give
// the servers they compare (the host, the file server) one half of the
// CPUs and wrk the other, the way a server is measured from another
// machine; each server is a process of its own, so its CPU time is its
// own. -pin=false measures them sharing every CPU.
var pin = flag.Bool("pin", true, "warm rows: the servers on one half of the CPUs, wrk on the other (one each on 2 cores); false: all share every CPU")

// cpuHalves are the CPU lists (taskset -c) of the servers and of the load
// generator, or "" for both when not pinned.
func cpuHalves() (servers, load string) {
	n := runtime.NumCPU()
	if !*pin || n < 2 {
		return "", ""
	}
	list := func(from, to int) string {
		if from == to {
			return fmt.Sprint(from)
		}
		return fmt.Sprintf("%d-%d", from, to)
	}
	return list(0, n/2-1), list(n/2, n-1)
}

// onCPUs is name with args, run on the CPUs listed (taskset execs it: the
// process keeps its pid), or as is for "".
func onCPUs(cpus, name string, args ...string) *exec.Cmd {
	if cpus == "" {
		return exec.Command(name, args...)
	}
	return exec.Command("taskset", append([]string{"-c", cpus, name}, args...)...)
}

// cpuCount is the number of CPUs a taskset list names (0 for "").
func cpuCount(cpus string) int {
	n := 0
	for _, r := range strings.Split(cpus, ",") {
		var a, b int
		if k, _ := fmt.Sscanf(r, "%d-%d", &a, &b); k == 2 {
			n += b - a + 1
		} else if k == 1 {
			n++
		}
	}
	return n
}

// fileServerEnv makes the bench binary a file server (Baseline S): it
// serves the directory named and prints its address on its first line.
const fileServerEnv = "BENCH_FILE_SERVER"

// serveFileServer is the file server process's main, when fileServerEnv is set.
func serveFileServer(dir string) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("http://" + l.Addr().String())
	http.Serve(l, http.FileServer(http.Dir(dir)))
}

// fileServer is Baseline S: http.FileServer in a process of its own.
type fileServer struct {
	URL string
	cmd *exec.Cmd
}

// startFileServer serves dir from a child process on the CPUs listed ("": any).
func startFileServer(dir, cpus string) (*fileServer, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := onCPUs(cpus, self)
	cmd.Env = append(os.Environ(), fileServerEnv+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		return nil, fmt.Errorf("file server: %w", err)
	}
	s := &fileServer{URL: strings.TrimSpace(line), cmd: cmd}
	return s, nil
}

// cpu is the file server's CPU time so far.
func (s *fileServer) cpu() time.Duration { return ticksDuration(cpuTicks(s.cmd.Process.Pid)) }

func (s *fileServer) Close() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}
