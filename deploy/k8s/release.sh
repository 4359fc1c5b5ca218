#!/usr/bin/env bash
# A release on Kubernetes, zero downtime: ./deploy/k8s/release.sh TAG [IMAGE]
#   1. the migration Job of this release runs once and must succeed (the previous release keeps
#      serving meanwhile: migrations stay backward compatible for one release);
#   2. web and workers roll, one new pod ready before each old one stops.
# Build the image with the same tag as its version: docker build --build-arg PAUTA_VERSION=TAG -t IMAGE:TAG .
set -euo pipefail
tag=${1:?uso: release.sh TAG [IMAGE]}
image=${2:-registry.example.com/pauta}
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dir"/*.yaml "$work"/
sed -i -E "s#^(    newName: ).*#\1${image}#; s#^(    newTag: ).*#\1${tag}#" "$work/kustomization.yaml"

kubectl -n pauta delete job pauta-migrate --ignore-not-found --wait=true
# Everything but the web and worker Deployments/Service: namespace, settings, secret, the Job…
kubectl apply -k "$work" -l 'app.kubernetes.io/component notin (web,worker)'
kubectl -n pauta wait --for=condition=complete --timeout=15m job/pauta-migrate
kubectl apply -k "$work"
kubectl -n pauta rollout status deployment/pauta-web --timeout=10m
kubectl -n pauta rollout status deployment/pauta-worker --timeout=10m
