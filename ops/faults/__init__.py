"""The fault test under load (issue 29 §2): ``traffic`` drives the mixed load and records every request,
``checks`` proves afterwards that nothing was lost or done twice, ``scenario`` starts the topology, runs the
load with the faults in the middle and writes the figures (var/test-results/cluster-faults.json)."""
