package ir

import "slices"

// NonComputeRoles are the NIC roles whose fabrics are not the compute
// fabric a scheduler places jobs on (a role is the design's own word;
// these are the common ones for the storage, management and front-end
// networks).
var NonComputeRoles = []Role{RoleStorage, "management", "mgmt", "frontend", "oob", "inband"}

// ComputeNode returns the compute node behind an endpoint: the server of a
// NIC whose role is not one of NonComputeRoles (or of any other server
// component), or an implicit host; false for appliances (UFM, storage
// heads: hosts with a role) and storage or management NICs. The Slurm and
// Kubernetes hand-offs and the what-if rank counts read it.
func (g *Graph) ComputeNode(n NodeID) (NodeID, bool) {
	nd := &g.Nodes[n]
	switch {
	case nd.Parent != None && nd.Kind == KindNIC:
		return nd.Parent, !slices.Contains(NonComputeRoles, nd.RoleName())
	case nd.Parent != None:
		return nd.Parent, true
	case nd.Kind == KindHost:
		return n, nd.RoleName() == RoleNone
	}
	return None, false
}
